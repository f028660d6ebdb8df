import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { MAX_ASSISTANT_TOOLS, type NodeDefinition } from '@flowloom/shared';
import { BuilderSection } from './BuilderSection';
import { ComponentForm } from './ComponentForm';
import { ComponentSelect } from './ComponentSelect';
import { newComponent, type ComponentDraft } from './assistantDraft';

/** The tools the assistant may call: a row per tool, each with its own settings. */
export function ToolsSection({
  tools,
  value,
  onChange,
}: {
  tools: readonly NodeDefinition[];
  value: (ComponentDraft | null)[];
  onChange: (tools: (ComponentDraft | null)[]) => void;
}) {
  const set = (index: number, tool: ComponentDraft) =>
    onChange(value.map((current, i) => (i === index ? tool : current)));
  return (
    <BuilderSection
      title="Tools"
      hint="Actions the assistant can take while it answers (a calculation, a request…)."
    >
      <Stack spacing={1.5}>
        {value.map((tool, index) => (
          <Box
            key={index}
            role="group"
            aria-label={`Tool ${index + 1}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <ComponentSelect
                label="Tool"
                options={tools}
                value={tool?.name}
                onChange={(component) => set(index, newComponent(component))}
              />
              <Tooltip title="Remove tool">
                <IconButton
                  aria-label={`Remove tool ${index + 1}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
            {tool && (
              <Box sx={{ mt: 1 }}>
                <ComponentForm
                  offered={tools}
                  draft={tool}
                  testId={`tool-${index + 1}-form`}
                  onChange={(changed) => set(index, changed)}
                />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
      <Button
        fullWidth
        variant="outlined"
        startIcon={<AddIcon />}
        sx={{ mt: value.length > 0 ? 1.5 : 0, borderStyle: 'dashed' }}
        disabled={value.length >= MAX_ASSISTANT_TOOLS}
        onClick={() => onChange([...value, null])}
      >
        Add Tool
      </Button>
    </BuilderSection>
  );
}
