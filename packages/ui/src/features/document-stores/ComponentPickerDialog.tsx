import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { NodeDefinition } from '@flowloom/shared';
import { useId, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useApiQuery } from '../../api/useApiQuery';
import { NodeIcon } from '../canvas/nodes/NodeIcon';

/**
 * A searchable list of components (document loaders, embeddings, vector stores, record managers)
 * with their icons, loaded by `load` when the dialog opens; picking one calls `onPick`.
 */
export function ComponentPickerDialog({
  title,
  load,
  selected,
  onPick,
  onClose,
}: {
  title: string;
  load: () => Promise<NodeDefinition[]>;
  selected?: string;
  onPick: (component: NodeDefinition) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const components = useApiQuery(load, []);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = components.data ?? [];
    return q
      ? list.filter(
          (item) =>
            item.label.toLowerCase().includes(q) ||
            item.name.toLowerCase().includes(q) ||
            (item.description ?? '').toLowerCase().includes(q),
        )
      : list;
  }, [components.data, search]);

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          autoFocus
          size="small"
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mt: 0.5, mb: 1.5 }}
          slotProps={{
            htmlInput: { 'aria-label': `Search ${title.replace(/^Select (an? )?/, '').toLowerCase()}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {components.loading && !components.data && <LinearProgress aria-label="Loading" />}
        {components.error !== undefined && !components.data && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void components.reload()}>
                Try again
              </Button>
            }
          >
            {errorMessage(components.error, 'The list could not be loaded')}
          </Alert>
        )}
        {components.data && shown.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {components.data.length === 0 ? 'None available' : `Nothing matches "${search}"`}
          </Typography>
        )}
        <List
          aria-label={title}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {shown.map((item) => (
            <ListItemButton
              key={item.name}
              selected={item.name === selected}
              onClick={() => onPick(item)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, gap: 1.5, alignItems: 'flex-start' }}
            >
              <NodeIcon name={item.name} label={item.label} size={40} />
              <Box sx={{ minWidth: 0 }}>
                <Typography fontWeight={600}>{item.label}</Typography>
                {item.description && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {item.description}
                  </Typography>
                )}
              </Box>
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
