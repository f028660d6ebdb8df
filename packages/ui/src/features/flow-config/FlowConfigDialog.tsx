import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { Chatflow } from '@flowloom/shared';
import { useCallback, useState, type ComponentType } from 'react';
import { useAppDispatch } from '../../app/useAppDispatch';
import { setChatflow } from '../canvas/canvasSlice';
import { useNotify } from '../notifications/useNotify';
import { AllowedDomainsSection } from './AllowedDomainsSection';
import { ChatFeedbackSection } from './ChatFeedbackSection';
import { FileUploadSection } from './FileUploadSection';
import { flowConfigApi } from './flowConfigApi';
import { sectionEnabled, type SectionId } from './flowSettings';
import { FollowUpPromptsSection } from './FollowUpPromptsSection';
import { LeadsSection } from './LeadsSection';
import { McpServerSection } from './McpServerSection';
import { OverrideConfigSection } from './OverrideConfigSection';
import { PostProcessingSection } from './PostProcessingSection';
import { RateLimitSection } from './RateLimitSection';
import type { SectionProps } from './sectionProps';
import { SpeechToTextSection } from './SpeechToTextSection';
import { StarterPromptsSection } from './StarterPromptsSection';
import { TextToSpeechSection } from './TextToSpeechSection';
import { useMcpServerStatus } from './useMcpServerStatus';

interface Section {
  id: SectionId;
  label: string;
  description: string;
  Component: ComponentType<SectionProps>;
}

/** Sidebar groups and sections (SHARING.md §2; Analytics is not offered here). */
export const SECTION_GROUPS: readonly { group: string; sections: readonly Section[] }[] = [
  {
    group: 'General',
    sections: [
      {
        id: 'rateLimit',
        label: 'Rate Limit',
        description: 'Limit API requests per time window',
        Component: RateLimitSection,
      },
      {
        id: 'allowedDomains',
        label: 'Allowed Domains',
        description: 'Restrict chatbot to specific domains',
        Component: AllowedDomainsSection,
      },
      {
        id: 'leads',
        label: 'Leads',
        description: 'Capture visitor contact information',
        Component: LeadsSection,
      },
    ],
  },
  {
    group: 'Chat',
    sections: [
      {
        id: 'conversationStarters',
        label: 'Starter Prompts',
        description: 'Suggested prompts for new conversations',
        Component: StarterPromptsSection,
      },
      {
        id: 'followUpPrompts',
        label: 'Follow-up Prompts',
        description: 'Auto-generate follow-up questions',
        Component: FollowUpPromptsSection,
      },
      {
        id: 'chatFeedback',
        label: 'Chat Feedback',
        description: 'Allow users to rate responses',
        Component: ChatFeedbackSection,
      },
    ],
  },
  {
    group: 'Media & Files',
    sections: [
      {
        id: 'speechToText',
        label: 'Speech to Text',
        description: 'Voice input transcription',
        Component: SpeechToTextSection,
      },
      {
        id: 'textToSpeech',
        label: 'Text to Speech',
        description: 'Audio response playback',
        Component: TextToSpeechSection,
      },
      {
        id: 'fileUpload',
        label: 'File Upload',
        description: 'Allow file uploads in chat',
        Component: FileUploadSection,
      },
    ],
  },
  {
    group: 'Advanced',
    sections: [
      {
        id: 'postProcessing',
        label: 'Post Processing',
        description: 'Custom JavaScript post-processing',
        Component: PostProcessingSection,
      },
      {
        id: 'mcpServer',
        label: 'MCP Server',
        description: 'Model Context Protocol server',
        Component: McpServerSection,
      },
      {
        id: 'overrideConfig',
        label: 'Override Config',
        description: 'Override flow configuration via API',
        Component: OverrideConfigSection,
      },
    ],
  },
];

const ALL_SECTIONS = SECTION_GROUPS.flatMap((g) => g.sections);

/**
 * "Chatflow Configuration" / "Agents Configuration": sections in a sidebar (with a dot on those
 * switched on) and the chosen section's form, which saves only its own settings.
 */
export function FlowConfigDialog({
  flow,
  isAgent,
  onClose,
  initialSection = 'rateLimit',
}: {
  flow: Chatflow;
  isAgent: boolean;
  onClose: () => void;
  initialSection?: SectionId;
}) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [current, setCurrent] = useState<SectionId>(initialSection);
  const section = ALL_SECTIONS.find((s) => s.id === current)!;
  const [mcpServerOn, setMcpServerOn] = useMcpServerStatus(flow.id);

  const save = useCallback<SectionProps['save']>(
    async (body, message) => {
      try {
        dispatch(setChatflow(await flowConfigApi.save(flow.id, body)));
        notify.success(message);
        return true;
      } catch (error) {
        notify.error(error, { prefix: `Failed to save ${section.label}: ` });
        return false;
      }
    },
    [dispatch, notify, flow.id, section.label],
  );

  const title = `${isAgent ? 'Agents' : 'Chatflow'} Configuration`;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="flow-config-title">
      <DialogTitle id="flow-config-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>{title}</Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', gap: 3, minHeight: 520, p: 0 }}>
        <List
          component="nav"
          aria-label="Configuration sections"
          dense
          sx={{ width: 240, flexShrink: 0, borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}
        >
          {SECTION_GROUPS.map(({ group, sections }) => (
            <li key={group}>
              <ul style={{ padding: 0 }}>
                <ListSubheader disableSticky>{group}</ListSubheader>
                {sections.map((s) => {
                  const enabled = s.id === 'mcpServer' ? mcpServerOn : sectionEnabled(flow, s.id);
                  return (
                    <ListItemButton
                      key={s.id}
                      selected={s.id === current}
                      aria-current={s.id === current ? 'page' : undefined}
                      onClick={() => setCurrent(s.id)}
                    >
                      <ListItemText primary={s.label} />
                      {enabled && (
                        <Box
                          role="status"
                          aria-label={`${s.label} is on`}
                          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main' }}
                        />
                      )}
                    </ListItemButton>
                  );
                })}
              </ul>
            </li>
          ))}
        </List>
        <Box sx={{ flex: 1, minWidth: 0, py: 2, pr: 3, overflowY: 'auto' }}>
          <Typography variant="h5" component="h2">
            {section.label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {section.description}
          </Typography>
          {/* Keyed by section and saved version: a section's form starts from what is saved. */}
          <section.Component
            key={`${section.id}:${flow.updatedDate}`}
            flow={flow}
            save={save}
            onStatusChange={setMcpServerOn}
          />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

export default FlowConfigDialog;
