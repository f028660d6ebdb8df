import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { API_KEY_PLACEHOLDER, apiSnippets, overrideSnippetFields, type Chatflow } from '@flowloom/shared';
import { useMemo, useState } from 'react';
import { apiHost } from '../../../api/api';
import { CodeSample } from '../../../components/upsert/CodeSamples';
import { OverrideConfigTable } from '../../flow-config/OverrideConfigTable';
import type { FlowOverrides } from '../../flow-config/useFlowOverrides';
import { useNotify } from '../../notifications/useNotify';
import { apiDialogApi } from './apiDialogApi';

export type CodeLanguage = 'python' | 'javascript' | 'curl';
type BodyStyle = 'json' | 'formData';

const LABELS: Record<CodeLanguage, string> = { python: 'Python', javascript: 'JavaScript', curl: 'cURL' };

/**
 * One language's example of calling the flow (SPEC §7): a JSON body, or multipart form data (the
 * default for a flow with a file input, as in Flowise), with the first four inputs the owner lets
 * callers override and, for a flow bound to a key, the Authorization header with a placeholder.
 */
export function CodeTab({
  language,
  chatflow,
  formDataFirst,
  form,
  overrides,
  canEdit,
  onChatflowChange,
}: {
  language: CodeLanguage;
  chatflow: Chatflow;
  formDataFirst: boolean;
  /** Example values of an agentflow's Start form: sent instead of a question. */
  form: Record<string, unknown> | undefined;
  overrides: FlowOverrides;
  canEdit: boolean;
  onChatflowChange: (chatflow: Chatflow) => void;
}) {
  const notify = useNotify();
  const [style, setStyle] = useState<BodyStyle>(formDataFirst ? 'formData' : 'json');
  const [showOverrides, setShowOverrides] = useState(false);
  const keyBound = Boolean(chatflow.apikeyid);
  const fields = useMemo(
    () => overrideSnippetFields(overrides.params ?? [], overrides.settings),
    [overrides.params, overrides.settings],
  );
  const snippets = useMemo(
    () => apiSnippets({ baseUrl: apiHost(), flowId: chatflow.id, inputFields: fields, apiKey: keyBound }),
    [chatflow.id, fields, keyBound],
  );
  const label = LABELS[language];

  const saveOverrides = async (apiConfig: string) => {
    try {
      onChatflowChange(await apiDialogApi.update(chatflow.id, { apiConfig }));
      notify.success('Override Configuration Saved');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save the override configuration: ' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={style}
          onChange={(_event, value: BodyStyle | null) => value && setStyle(value)}
          aria-label="Request body"
        >
          <ToggleButton value="json">JSON</ToggleButton>
          <ToggleButton value="formData">Form data</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          {style === 'formData'
            ? 'multipart/form-data: each field is a form part; fields other than question become overrides.'
            : 'application/json: the question, with overrides in overrideConfig.'}
          {formDataFirst && ' This flow has a file input, so form data is shown first.'}
          {form && ' This agentflow starts from a form: a call sends its fields in form, not a question.'}
        </Typography>
      </Box>
      {keyBound && (
        <Alert severity="info">
          This flow answers only calls with its API key: replace <code>{API_KEY_PLACEHOLDER}</code> with that
          key. Its secret was shown once, when it was created; the server keeps only a hash of it.
        </Alert>
      )}
      <CodeSample code={snippets[style][language]} label={label} />
      <FormControlLabel
        control={
          <Checkbox checked={showOverrides} onChange={(event) => setShowOverrides(event.target.checked)} />
        }
        label="Show Override Config"
      />
      {showOverrides && (
        <OverrideConfigTable
          chatflow={chatflow}
          overrides={overrides}
          canEdit={canEdit}
          onSave={saveOverrides}
        />
      )}
    </Box>
  );
}
