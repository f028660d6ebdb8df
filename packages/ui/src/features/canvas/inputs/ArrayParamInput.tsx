import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { memo } from 'react';
import { visibleInputs } from '../document/visibility';
import type { ParamEditorProps } from './paramEditorProps';
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

/** `array` inputs: a list of items, each edited with the param's sub-inputs (`param.array`). */
export const ArrayParamInput = memo(function ArrayParamInput({
  param,
  value,
  onChange,
  node,
  label,
}: ParamEditorProps) {
  const items = itemsOf(value);
  const fields = param.array ?? [];

  const add = () => {
    const item: Item = {};
    for (const field of fields) item[field.name] = field.default ?? '';
    onChange([...items, item]);
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
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <DeleteOutlineIcon sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          </Box>
          {visibleInputs(fields, item).map((field) => (
            <ParamField
              key={field.name}
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
        </Box>
      ))}
      <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={add}>
        Add {param.label}
      </Button>
    </Box>
  );
});
