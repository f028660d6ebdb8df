import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import type { NodeDefinition } from '@flowloom/shared';
import { useMemo, useState } from 'react';
import { FRAMEWORKS, frameworkOf, groupNodes, type Framework } from './groupNodes';
import { PaletteItem } from './PaletteItem';

/** The searchable, categorised list of node types ("Add Nodes"). */
export function NodePalette({
  definitions,
  onAdd,
  onClose,
}: {
  definitions: readonly NodeDefinition[];
  onAdd: (node: NodeDefinition) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [framework, setFramework] = useState<Framework>('LangChain');
  // LlamaIndex nodes only connect to each other: a tab of their own, when the canvas offers any.
  const tabbed = useMemo(() => definitions.some((node) => frameworkOf(node) === 'LlamaIndex'), [definitions]);
  const groups = useMemo(
    () =>
      groupNodes(
        tabbed ? definitions.filter((node) => frameworkOf(node) === framework) : definitions,
        search,
      ),
    [definitions, tabbed, framework, search],
  );
  const searching = search.trim() !== '';

  const toggle = (category: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });

  return (
    <Paper
      role="dialog"
      aria-label="Add nodes"
      elevation={8}
      sx={{
        width: 360,
        maxHeight: 'calc(100vh - 150px)',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: '14px',
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
          <Typography variant="h6" sx={{ flex: 1, fontSize: '1rem' }}>
            Add Nodes
          </Typography>
          <IconButton size="small" aria-label="Close node list" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <TextField
          autoFocus
          fullWidth
          placeholder="Search nodes"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search nodes' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Drag a node onto the canvas, or click to add it.
        </Typography>
        {tabbed && (
          <Tabs
            value={framework}
            onChange={(_event, value: Framework) => setFramework(value)}
            variant="fullWidth"
            aria-label="Node family"
            sx={{ mt: 1, minHeight: 36, '& .MuiTab-root': { minHeight: 36, textTransform: 'none' } }}
          >
            {FRAMEWORKS.map((name) => (
              <Tab key={name} value={name} label={name} />
            ))}
          </Tabs>
        )}
      </Box>
      <Box sx={{ overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {groups.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No node matches “{search}”.
          </Typography>
        )}
        {groups.map((group) => (
          <Accordion
            key={group.category}
            disableGutters
            elevation={0}
            square
            expanded={searching || !collapsed.has(group.category)}
            onChange={() => toggle(group.category)}
            sx={{
              '&::before': { display: 'none' },
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: 'transparent',
            }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ minHeight: 44, px: 2 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                {group.category}
              </Typography>
              <Chip size="small" label={group.nodes.length} sx={{ mr: 1, height: 20, fontSize: 11 }} />
            </AccordionSummary>
            <AccordionDetails sx={{ p: 0, pb: 0.5 }}>
              <List dense disablePadding sx={{ px: 1 }}>
                {group.nodes.map((node) => (
                  <PaletteItem key={node.name} node={node} onAdd={onAdd} />
                ))}
              </List>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Paper>
  );
}
