import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useRef } from 'react';
import { VARIABLE_GROUP_LABELS, type VariableOption } from './availableVariables';

/** The id of option `index` of list `listId` (for `aria-activedescendant`). */
export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The variables of the picker, under one heading per group; `active` is the keyboard choice.
 * Options are chosen with a click (the field keeps focus: mouse down does not blur it).
 */
export function VariableList({
  id,
  options,
  active,
  emptyText,
  onActive,
  onChoose,
}: {
  id: string;
  options: readonly VariableOption[];
  active: number;
  emptyText: string;
  onActive: (index: number) => void;
  onChoose: (option: VariableOption) => void;
}) {
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const element = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  return (
    <Box
      component="ul"
      ref={list}
      id={id}
      role="listbox"
      aria-label="Variables"
      sx={{ listStyle: 'none', m: 0, p: 0.5, maxHeight: 300, overflowY: 'auto' }}
    >
      {options.map((option, index) => (
        <Fragment key={option.expression}>
          {(index === 0 || options[index - 1]!.group !== option.group) && (
            <Box
              component="li"
              role="presentation"
              sx={{
                px: 1.25,
                pt: index === 0 ? 0.5 : 1.25,
                pb: 0.25,
                fontSize: 11,
                fontWeight: 700,
                letterSpacing: 0.4,
                textTransform: 'uppercase',
                color: 'text.secondary',
              }}
            >
              {VARIABLE_GROUP_LABELS[option.group]}
            </Box>
          )}
          <Box
            component="li"
            role="option"
            id={optionId(id, index)}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== active && onActive(index)}
            onClick={() => onChoose(option)}
            sx={{
              px: 1.25,
              py: 0.5,
              borderRadius: '6px',
              cursor: 'pointer',
              '&[aria-selected="true"]': { bgcolor: 'action.selected' },
            }}
          >
            <Typography variant="body2" noWrap sx={{ fontWeight: 500, fontSize: 13 }}>
              {option.label}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              <Box
                component="span"
                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
              >
                {option.insert ?? `{{ ${option.expression} }}`}
              </Box>
              {` · ${option.description}`}
            </Typography>
          </Box>
        </Fragment>
      ))}
      {options.length === 0 && (
        <Box
          component="li"
          role="presentation"
          sx={{ px: 1.25, py: 1, color: 'text.secondary', fontSize: 13 }}
        >
          {emptyText}
        </Box>
      )}
    </Box>
  );
}
