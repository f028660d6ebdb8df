import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CloseIcon from '@mui/icons-material/Close';
import { flowApiTraits, type Chatflow, type ChatflowType } from '@flowloom/shared';
import { useId, useMemo, useState } from 'react';
import { useAccess } from '../../../app/useAccess';
import { useFlowOverrides } from '../../flow-config/useFlowOverrides';
import { ApiKeyPicker } from './ApiKeyPicker';
import { CodeTab, type CodeLanguage } from './CodeTab';
import { EmbedTab } from './EmbedTab';
import { ShareChatbotTab } from './ShareChatbotTab';

type TabKey = 'embed' | CodeLanguage | 'share';

const TABS: { key: TabKey; label: string }[] = [
  { key: 'embed', label: 'Embed' },
  { key: 'python', label: 'Python' },
  { key: 'javascript', label: 'JavaScript' },
  { key: 'curl', label: 'cURL' },
  { key: 'share', label: 'Share Chatbot' },
];

/** The permission family of a flow type (the server checks the same). */
function family(type: ChatflowType): string {
  return type === 'AGENTFLOW' || type === 'MULTIAGENT' ? 'agentflows' : 'chatflows';
}

/** Shown instead of the Embed and Share Chatbot tabs while a key is bound (as Flowise does). */
function KeyBoundNotice({ what }: { what: string }) {
  return (
    <Alert severity="warning">
      You cannot use API key while {what} chatbot. Please select &quot;No Authorization&quot; from the
      dropdown at the top right corner.
    </Alert>
  );
}

export interface ApiCodeDialogProps {
  /** The saved flow. */
  chatflow: Chatflow;
  /** Opened from an agent canvas (offers "Show agent reasonings"). */
  agentCanvas: boolean;
  /** The flow as the server answered a change made here. */
  onChatflowChange: (chatflow: Chatflow) => void;
  onClose: () => void;
}

/**
 * "Embed in website or use as API" (SHARING.md §3): the embed code, examples of the prediction API
 * in Python, JavaScript and cURL with the override switches behind them, the Share Chatbot page's
 * link and look, and the API key the flow is bound to.
 */
export default function ApiCodeDialog({
  chatflow,
  agentCanvas,
  onChatflowChange,
  onClose,
}: ApiCodeDialogProps) {
  const titleId = useId();
  const access = useAccess();
  const [tab, setTab] = useState<TabKey>('embed');
  const canUpdate = access.can(`${family(chatflow.type)}:update`);
  const traits = useMemo(() => flowApiTraits(chatflow.flowData), [chatflow.flowData]);
  const overrides = useFlowOverrides(chatflow, access.can('variables:view'));
  const keyBound = Boolean(chatflow.apikeyid);
  const unsupportedStart =
    traits.startInputType === 'webhookTrigger' || traits.startInputType === 'scheduleInput'
      ? traits.startInputType
      : undefined;

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId} data-canvas-keys="off">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 2, pr: 7 }}>
        <Box component="span" id={titleId} sx={{ flex: 1 }}>
          Embed in website or use as API
        </Box>
        {canUpdate && <ApiKeyPicker chatflow={chatflow} onChatflowChange={onChatflowChange} />}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ minHeight: 480 }}>
        {unsupportedStart && (
          <Alert severity="info" sx={{ mb: 2 }}>
            This agentflow starts from a {unsupportedStart === 'webhookTrigger' ? 'webhook' : 'schedule'},
            which Flowloom does not run yet: the prediction API refuses to run it.
          </Alert>
        )}
        <Tabs
          value={tab}
          onChange={(_event, value: TabKey) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((item) => (
            <Tab key={item.key} value={item.key} label={item.label} />
          ))}
        </Tabs>
        {tab === 'embed' &&
          (keyBound ? (
            <KeyBoundNotice what="embedding" />
          ) : (
            <EmbedTab chatflow={chatflow} agentCanvas={agentCanvas} />
          ))}
        {(tab === 'python' || tab === 'javascript' || tab === 'curl') && (
          <CodeTab
            language={tab}
            chatflow={chatflow}
            formDataFirst={traits.formData}
            form={traits.formExample}
            overrides={overrides}
            canEdit={canUpdate}
            onChatflowChange={onChatflowChange}
          />
        )}
        {tab === 'share' &&
          (keyBound ? (
            <KeyBoundNotice what="sharing" />
          ) : (
            <ShareChatbotTab
              chatflow={chatflow}
              agentCanvas={agentCanvas}
              sessionMemory={traits.sessionMemory}
              canEdit={canUpdate}
              onChatflowChange={onChatflowChange}
            />
          ))}
      </DialogContent>
    </Dialog>
  );
}
