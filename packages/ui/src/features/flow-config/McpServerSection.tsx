import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { mcpToolNameProblem, type McpServerConfig } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { CopyButton } from '../../components/CopyButton';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { mcpServerApi } from './mcpServerApi';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

/**
 * MCP Server: serve the flow to MCP clients as one tool (`/mcp-server/:id`), with its endpoint and
 * bearer token to copy. The token is shown in full only right after it is made (switching on,
 * rotating): the server keeps a hash of it, so later visits show a masked preview.
 */
export function McpServerSection({ flow, onStatusChange }: SectionProps) {
  const notify = useNotify();
  const confirm = useConfirm();
  const [loaded, setLoaded] = useState<McpServerConfig | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [toolName, setToolName] = useState('');
  const [description, setDescription] = useState('');
  /** The token in full, while it is still shown (just made); otherwise the stored preview is shown. */
  const [freshToken, setFreshToken] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  const show = (config: McpServerConfig) => {
    setLoaded(config);
    setEnabled(config.enabled === true);
    setToolName(config.toolName ?? '');
    setDescription(config.description ?? '');
    onStatusChange?.(config.enabled === true);
  };

  useEffect(() => {
    let current = true;
    mcpServerApi
      .get(flow.id)
      .then((config) => current && show(config))
      .catch((error: unknown) => current && setLoadError(errorMessage(error)));
    return () => {
      current = false;
    };
    // `show` only sets state: the config is loaded again for another flow only.
  }, [flow.id]);

  if (loadError)
    return <Alert severity="error">{`Failed to load MCP Server configuration: ${loadError}`}</Alert>;
  if (!loaded)
    return (
      <Typography role="status" color="text.secondary">
        Loading MCP Server configuration...
      </Typography>
    );

  const configured = loaded.token !== '';
  const nameProblem = enabled ? mcpToolNameProblem(toolName.trim()) : undefined;
  const incomplete = enabled && (nameProblem !== undefined || !description.trim());

  const onSave = async () => {
    try {
      if (!enabled) {
        if (configured) await mcpServerApi.disable(flow.id);
        show({ ...loaded, enabled: false });
        notify.success('MCP Server disabled');
        return;
      }
      const body = { toolName: toolName.trim(), description: description.trim() };
      const saved = configured
        ? await mcpServerApi.update(flow.id, { ...body, enabled: true })
        : await mcpServerApi.create(flow.id, body);
      if (!configured) setFreshToken(saved.token);
      show(saved);
      notify.success('MCP Server settings saved');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save MCP Server settings: ' });
    }
  };

  const rotate = async () => {
    const sure = await confirm({
      title: 'Rotate Token',
      description:
        'A new token replaces the current one, which stops working at once: every MCP client using it must be given the new one. Rotate the token?',
      confirmButtonName: 'Rotate',
    });
    if (!sure) return;
    setRotating(true);
    try {
      const rotated = await mcpServerApi.rotate(flow.id);
      setFreshToken(rotated.token);
      setLoaded((current) => current && { ...current, token: rotated.token });
      notify.success('Token rotated');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to rotate the token: ' });
    } finally {
      setRotating(false);
    }
  };

  const endpoint = mcpServerApi.endpoint(flow.id);
  const token = freshToken ?? loaded.token;
  return (
    <SectionForm onSave={onSave} disabled={incomplete}>
      <SectionSwitch label="Expose as MCP Server" checked={enabled} onChange={setEnabled} />
      {enabled && (
        <>
          <TextField
            label="Tool Name"
            required
            placeholder="e.g. product_qa"
            value={toolName}
            onChange={(event) => setToolName(event.target.value)}
            error={nameProblem !== undefined && toolName !== ''}
            helperText={
              (toolName !== '' && nameProblem) || 'The name MCP clients and their models call this flow by.'
            }
          />
          <TextField
            label="Description"
            required
            multiline
            minRows={3}
            placeholder="e.g. Answers product catalog questions"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            helperText="What the flow does and when to use it: models read this to decide whether to call it."
          />
        </>
      )}
      {enabled && configured && (
        <>
          <TextField
            label="Streamable HTTP Endpoint"
            value={endpoint}
            slotProps={{
              htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <CopyButton text={endpoint} label="Copy endpoint URL" />
                  </InputAdornment>
                ),
              },
            }}
            helperText="For MCP clients that speak the Streamable HTTP transport"
          />
          <TextField
            label="Token (Bearer Token)"
            value={token}
            slotProps={{
              htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {freshToken && <CopyButton text={freshToken} label="Copy token" />}
                    <Tooltip title="Rotate token">
                      <span>
                        <IconButton
                          aria-label="Rotate token"
                          size="small"
                          disabled={rotating}
                          onClick={() => void rotate()}
                        >
                          {rotating ? <CircularProgress size={16} /> : <AutorenewIcon fontSize="small" />}
                        </IconButton>
                      </span>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
            helperText={
              freshToken
                ? 'Copy the token now: it is shown only this once.'
                : 'The token is shown only when it is made. Rotate it to get a new one.'
            }
          />
          <Alert severity="info">
            Give MCP clients the endpoint above and send the token in the Authorization header:{' '}
            <code style={{ display: 'block' }}>Authorization: Bearer &lt;token&gt;</code>
          </Alert>
        </>
      )}
    </SectionForm>
  );
}
