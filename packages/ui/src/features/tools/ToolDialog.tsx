import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createToolBody, type Tool } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { CodeEditor } from '../../components/CodeEditor';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useNotify } from '../notifications/useNotify';
import { ArgumentGrid } from './ArgumentGrid';
import { ToolIcon } from './ToolIcon';
import {
  DEFAULT_TOOL_COLOR,
  DEFAULT_TOOL_FUNC,
  TOOL_COLORS,
  parseToolSchema,
  serializeToolSchema,
  type ToolArgument,
} from './toolSchema';
import { toolsApi } from './toolsApi';
import { formPaper } from '../../components/forms/formPaper';

/** Create or edit a custom tool: name, description, colour, icon, arguments and JavaScript function. */
export function ToolDialog({
  tool,
  onClose,
  onSaved,
}: {
  tool?: Tool;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [name, setName] = useState(tool?.name ?? '');
  const [description, setDescription] = useState(tool?.description ?? '');
  const [color, setColor] = useState(tool?.color || DEFAULT_TOOL_COLOR);
  const [iconSrc, setIconSrc] = useState(tool?.iconSrc ?? '');
  const [rows, setRows] = useState<ToolArgument[]>(() => parseToolSchema(tool?.schema));
  const [func, setFunc] = useState(tool?.func ?? DEFAULT_TOOL_FUNC);
  const { errors, setErrors, edited } = useFieldErrors();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createToolBody.safeParse({
      name,
      description,
      color,
      iconSrc: iconSrc.trim() || null,
      schema: serializeToolSchema(rows),
      func,
    });
    const found = parsed.success ? {} : fieldErrors(parsed);
    if (rows.some((r) => !r.property.trim())) found.schema = 'Each argument needs a property name';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (tool) await toolsApi.update(tool.id, parsed.data);
      else await toolsApi.create(parsed.data);
      notify.success(tool ? 'Tool saved' : 'Tool added');
      onSaved();
    } catch (error) {
      const message = errorMessage(error);
      // A syntax error found by the server belongs under the code, where it can be fixed.
      if (message.startsWith("The tool's JavaScript function has a syntax error"))
        setErrors({ func: message });
      else notify.error(error, { prefix: `Failed to ${tool ? 'save' : 'add'} tool: ` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="tool-dialog-title"
      slotProps={formPaper((e) => void submit(e))}
    >
      <DialogTitle id="tool-dialog-title">{tool ? 'Edit Tool' : 'Add New Tool'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ pt: 0.25 }}>
              <ToolIcon name={name || 'T'} color={color} iconSrc={iconSrc.trim() || null} size={44} />
            </Box>
            <TextField
              label="Tool Name *"
              autoFocus={!tool}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                edited('name');
              }}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'Letters, digits, "_" and "-". Models call the tool by this name.'}
              fullWidth
            />
          </Box>
          <TextField
            label="Tool Description *"
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              edited('description');
            }}
            error={Boolean(errors.description)}
            helperText={errors.description ?? 'Tells the model when to use the tool.'}
            multiline
            minRows={2}
            fullWidth
          />
          <TextField
            label="Tool Icon URL"
            placeholder="https://example.com/icon.png"
            value={iconSrc}
            onChange={(e) => {
              setIconSrc(e.target.value);
              edited('iconSrc');
            }}
            error={Boolean(errors.iconSrc)}
            helperText={errors.iconSrc}
            fullWidth
          />
          <div>
            <Typography variant="h6" gutterBottom>
              Color
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="radiogroup" aria-label="Color">
              {TOOL_COLORS.map((c) => (
                <ButtonBase
                  key={c}
                  role="radio"
                  aria-checked={c === color}
                  aria-label={c}
                  onClick={() => setColor(c)}
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: 2,
                    background: c,
                    outline: c === color ? 2 : 0,
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                  }}
                />
              ))}
            </Box>
            {errors.color && <FormHelperText error>{errors.color}</FormHelperText>}
          </div>
          <div>
            <Typography variant="h6" gutterBottom>
              Input Schema
            </Typography>
            <ArgumentGrid
              rows={rows}
              onChange={(next) => {
                setRows(next);
                edited('schema');
              }}
              {...(errors.schema ? { error: errors.schema } : {})}
            />
          </div>
          <div>
            <Typography variant="h6" gutterBottom>
              JavaScript Function
            </Typography>
            <CodeEditor
              label="JavaScript Function"
              value={func}
              onChange={(next) => {
                setFunc(next);
                edited('func');
              }}
            />
            {errors.func && (
              <FormHelperText error role="alert">
                {errors.func}
              </FormHelperText>
            )}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {tool ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
