import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { memo } from 'react';
import { visibleInputs } from '../document/visibility';
import type { RichParam } from '../document/types';
import type { ParamEditorProps } from './paramEditorProps';
import { ArrayItemContext } from './arrayItemContext';
import { ParamField } from './ParamField';

type Item = Record<string, unknown>;

function itemsOf(value: unknown): Item[] {
  let list: unknown = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      list = JSON.parse(value);
    } catch {
      list = [];
    }
  }
  return Array.isArray(list) ? list.filter((item): item is Item => !!item && typeof item === 'object') : [];
}

const noop = () => undefined;

/**
 * Sub-input rules may name a field of the same item as `<array>[$index].<field>` (agentflow v2
 * definitions); inside one item that is simply `<field>`.
 */
function itemRules<T extends RichParam>(field: T, arrayName: string): T {
  if (!field.show && !field.hide) return field;
  const prefix = `${arrayName}[$index].`;
  const local = (rules: Record<string, unknown> | undefined) =>
    rules &&
    Object.fromEntries(
      Object.entries(rules).map(([path, expected]) => [
        path.startsWith(prefix) ? path.slice(prefix.length) : path,
        expected,
      ]),
    );
  return { ...field, show: local(field.show), hide: local(field.hide) };
}

/** `array` inputs: a list of items, each edited with the param's sub-inputs (`param.array`). */
export const ArrayParamInput = memo(function ArrayParamInput({
  param,
  value,
  onChange,
  node,
  label,
}: ParamEditorProps) {
  const items = itemsOf(value);
  const fields = (param.array ?? []).map((field) => itemRules(field, param.name));

  const add = () => {
    const item: Item = {};
    // Of sub-inputs sharing a name (one per row type), the first shown for the new row wins.
    for (const field of fields) if (!(field.name in item)) item[field.name] = field.default ?? '';
    for (const field of visibleInputs(fields, item)) item[field.name] = field.default ?? '';
    onChange([...items, item], { added: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((item, index) => (
        <Box
          key={index}
          sx={{
            position: 'relative',
            border: 1,
            borderColor: 'divider',
            borderRadius: '8px',
            p: 1.25,
            pt: 1,
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1, fontWeight: 600 }}>
              {index + 1}
            </Typography>
            <Tooltip title="Remove item">
              <IconButton
                size="small"
                aria-label={`Remove ${label} item ${index + 1}`}
                onClick={() =>
                  onChange(
                    items.filter((_, i) => i !== index),
                    { removedIndex: index },
                  )
                }
              >
                <DeleteOutlineIcon sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          </Box>
          <ArrayItemContext.Provider value={item}>
            {visibleInputs(fields, item).map((field) => (
              <ParamField
                key={`${field.name}-${field.type}`}
                param={field}
                value={item[field.name]}
                node={node}
                setInputs={noop}
                onChange={(fieldValue) =>
                  onChange(
                    items.map((other, i) => (i === index ? { ...other, [field.name]: fieldValue } : other)),
                  )
                }
              />
            ))}
          </ArrayItemContext.Provider>
        </Box>
      ))}
      <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={add}>
        Add {param.label}
      </Button>
    </Box>
  );
});
