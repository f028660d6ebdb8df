import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createToolBody, type Tool } from '@flowloom/shared';
import { useState } from 'react';
import { useAccess } from '../../app/useAccess';
import { CodeEditor } from '../../components/CodeEditor';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { FormDialog, useSave } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { ExportAsTemplateDialog } from '../marketplace/ExportAsTemplateDialog';
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

/** The fields a new tool can start from (a marketplace tool template). */
export type ToolFields = Partial<
  Pick<Tool, 'name' | 'description' | 'color' | 'iconSrc' | 'schema' | 'func'>
>;

/**
 * Create or edit a custom tool: name, description, colour, icon, arguments and JavaScript function.
 * `initial` pre-fills a new tool; `preview` shows a tool template read-only, with "Use Template"
 * (absent when the user may not create tools). An existing tool can be saved as a template.
 */
export function ToolDialog({
  tool,
  initial,
  preview,
  onClose,
  onSaved,
}: {
  tool?: Tool;
  initial?: ToolFields;
  preview?: { title: string; onUse?: () => void };
  onClose: () => void;
  onSaved: () => void;
}) {
  const source: ToolFields | undefined = tool ?? initial;
  const readOnly = preview !== undefined;
  const access = useAccess();
  const [name, setName] = useState(source?.name ?? '');
  const [description, setDescription] = useState(source?.description ?? '');
  const [color, setColor] = useState(source?.color || DEFAULT_TOOL_COLOR);
  const [iconSrc, setIconSrc] = useState(source?.iconSrc ?? '');
  const [rows, setRows] = useState<ToolArgument[]>(() => parseToolSchema(source?.schema));
  const [func, setFunc] = useState(source?.func ?? DEFAULT_TOOL_FUNC);
  const [exporting, setExporting] = useState(false);
  const { errors, setErrors, edited, bind } = useFieldErrors();
  const { busy, save } = useSave('Tool', tool !== undefined, onSaved);
  const readOnlyInput = readOnly ? { slotProps: { input: { readOnly: true } } } : {};

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
    save(
      () => (tool ? toolsApi.update(tool.id, parsed.data) : toolsApi.create(parsed.data)),
      (message) => {
        // A syntax error found by the server belongs under the code, where it can be fixed.
        const syntax = message.startsWith("The tool's JavaScript function has a syntax error");
        if (syntax) setErrors({ func: message });
        return syntax;
      },
    );
  };

  return (
    <>
      <FormDialog
        title={preview ? preview.title : tool ? 'Edit Tool' : 'Add New Tool'}
        submitLabel={preview ? 'Use Template' : tool ? 'Save' : 'Add'}
        busy={busy}
        submitDisabled={preview !== undefined && !preview.onUse}
        maxWidth="md"
        onClose={onClose}
        onSubmit={preview ? () => preview.onUse?.() : submit}
        {...(tool &&
          !readOnly &&
          access.can('templates:toolexport') && {
            secondaryAction: (
              <Button color="inherit" onClick={() => setExporting(true)}>
                Save As Template
              </Button>
            ),
          })}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ pt: 0.25 }}>
            <ToolIcon name={name || 'T'} color={color} iconSrc={iconSrc.trim() || null} size={44} />
          </Box>
          <TextField
            label="Tool Name *"
            autoFocus={!tool && !readOnly}
            {...bind(
              'name',
              name,
              setName,
              'Letters, digits, "_" and "-". Models call the tool by this name.',
            )}
            {...readOnlyInput}
            fullWidth
          />
        </Box>
        <TextField
          label="Tool Description *"
          {...bind('description', description, setDescription, 'Tells the model when to use the tool.')}
          {...readOnlyInput}
          multiline
          minRows={2}
          fullWidth
        />
        <TextField
          label="Tool Icon URL"
          placeholder="https://example.com/icon.png"
          {...bind('iconSrc', iconSrc, setIconSrc)}
          {...readOnlyInput}
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
                disabled={readOnly}
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
            readOnly={readOnly}
          />
        </div>
        <div>
          <Typography variant="h6" gutterBottom>
            JavaScript Function
          </Typography>
          <CodeEditor
            label="JavaScript Function"
            readOnly={readOnly}
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
      {/* Beside the form, not in it: its own submit must not submit the tool. */}
      {exporting && tool && (
        <ExportAsTemplateDialog
          open
          onClose={() => setExporting(false)}
          tool={{ name, description, iconSrc: iconSrc.trim() || null, schema: rows, func }}
        />
      )}
    </>
  );
}
