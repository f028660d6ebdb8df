import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createToolBody, type Tool } from '@flowloom/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { CodeEditor } from '../../components/CodeEditor';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { FormDialog, useSubmit } from '../../components/forms/FormDialog';
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
  const { errors, setErrors, edited, bind } = useFieldErrors();
  const { busy, run } = useSubmit();

  const submit = () => {
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
    void run(
      async () => {
        if (tool) await toolsApi.update(tool.id, parsed.data);
        else await toolsApi.create(parsed.data);
        notify.success(tool ? 'Tool saved' : 'Tool added');
        onSaved();
      },
      (error) => {
        const message = errorMessage(error);
        // A syntax error found by the server belongs under the code, where it can be fixed.
        if (message.startsWith("The tool's JavaScript function has a syntax error"))
          setErrors({ func: message });
        else notify.error(error, { prefix: `Failed to ${tool ? 'save' : 'add'} tool: ` });
      },
    );
  };

  return (
    <FormDialog
      title={tool ? 'Edit Tool' : 'Add New Tool'}
      submitLabel={tool ? 'Save' : 'Add'}
      busy={busy}
      maxWidth="md"
      onClose={onClose}
      onSubmit={submit}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ pt: 0.25 }}>
          <ToolIcon name={name || 'T'} color={color} iconSrc={iconSrc.trim() || null} size={44} />
        </Box>
        <TextField
          label="Tool Name *"
          autoFocus={!tool}
          {...bind('name', name, setName, 'Letters, digits, "_" and "-". Models call the tool by this name.')}
          fullWidth
        />
      </Box>
      <TextField
        label="Tool Description *"
        {...bind('description', description, setDescription, 'Tells the model when to use the tool.')}
        multiline
        minRows={2}
        fullWidth
      />
      <TextField
        label="Tool Icon URL"
        placeholder="https://example.com/icon.png"
        {...bind('iconSrc', iconSrc, setIconSrc)}
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
    </FormDialog>
  );
}
