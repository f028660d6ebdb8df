import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RepeatIcon from '@mui/icons-material/Repeat';
import { useRef, type KeyboardEvent } from 'react';
import { flattenTree, type TreeItem } from './executionTree';
import { StatusIcon } from './StatusIcon';

export interface ExecutionTreeViewProps {
  items: TreeItem[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

/** Visible items in order: children of collapsed items are skipped. */
function visibleItems(items: readonly TreeItem[], expanded: ReadonlySet<string>): TreeItem[] {
  return items.flatMap((item) => [
    item,
    ...(expanded.has(item.id) ? visibleItems(item.children, expanded) : []),
  ]);
}

/** The execution trace as a tree (ARIA tree: arrows move, Enter selects, Left/Right fold). */
export function ExecutionTreeView({
  items,
  selectedId,
  onSelect,
  expanded,
  onToggle,
}: ExecutionTreeViewProps) {
  const root = useRef<HTMLUListElement>(null);
  const focusItem = (id: string) =>
    root.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent, item: TreeItem) => {
    const visible = visibleItems(items, expanded);
    const at = visible.findIndex((v) => v.id === item.id);
    const move = (to: TreeItem | undefined) => {
      if (!to) return;
      event.preventDefault();
      onSelect(to.id);
      focusItem(to.id);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(visible[at + 1]);
      case 'ArrowUp':
        return move(visible[at - 1]);
      case 'ArrowRight':
        if (item.children.length && !expanded.has(item.id)) {
          event.preventDefault();
          onToggle(item.id);
        } else move(item.children[0]);
        return;
      case 'ArrowLeft':
        if (item.children.length && expanded.has(item.id)) {
          event.preventDefault();
          onToggle(item.id);
        } else move(flattenTree(items).find((p) => p.children.some((c) => c.id === item.id)));
        return;
      case 'Enter':
      case ' ':
        event.preventDefault();
        onSelect(item.id);
        return;
    }
  };

  const renderItem = (item: TreeItem, depth: number) => {
    const open = expanded.has(item.id);
    const selected = item.id === selectedId;
    const hasChildren = item.children.length > 0;
    return (
      <Box component="li" key={item.id} role="none" sx={{ listStyle: 'none' }}>
        <Box
          role="treeitem"
          data-item-id={item.id}
          aria-selected={selected}
          aria-expanded={hasChildren ? open : undefined}
          aria-level={depth + 1}
          tabIndex={selected || (!selectedId && depth === 0) ? 0 : -1}
          onClick={() => onSelect(item.id)}
          onKeyDown={(e) => onKeyDown(e, item)}
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            minHeight: 34,
            pl: depth * 1.75 + 0.25,
            pr: 1,
            borderRadius: '8px',
            cursor: 'pointer',
            outline: 'none',
            bgcolor: selected ? theme.palette.action.selected : 'transparent',
            '&:hover': { bgcolor: selected ? theme.palette.action.selected : theme.palette.action.hover },
            '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
          })}
        >
          {hasChildren ? (
            <IconButton
              size="small"
              tabIndex={-1}
              aria-label={open ? `Collapse ${item.label}` : `Expand ${item.label}`}
              onClick={(e) => {
                e.stopPropagation();
                onToggle(item.id);
              }}
              sx={{ p: 0.25 }}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 24, flexShrink: 0 }} />
          )}
          <StatusIcon status={item.status} size={18} />
          {item.iterationIndex !== undefined && <RepeatIcon sx={{ fontSize: 16, color: 'text.secondary' }} />}
          <Typography
            variant="body2"
            noWrap
            title={item.label}
            sx={{ fontWeight: selected ? 600 : 500, fontStyle: item.entry ? 'normal' : 'italic' }}
          >
            {item.label}
          </Typography>
        </Box>
        {hasChildren && open && (
          <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
            {item.children.map((child) => renderItem(child, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box component="ul" role="tree" aria-label="Executed nodes" ref={root} sx={{ m: 0, p: 0 }}>
      {items.map((item) => renderItem(item, 0))}
    </Box>
  );
}
