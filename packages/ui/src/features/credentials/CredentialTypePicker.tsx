import Avatar from '@mui/material/Avatar';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { CredentialDefinition } from '@flowloom/shared';
import { useMemo, useState } from 'react';

/** Step one of "Add Credential": choose the credential type. */
export function CredentialTypePicker({
  types,
  onCancel,
  onPick,
}: {
  types: CredentialDefinition[];
  onCancel: () => void;
  onPick: (type: CredentialDefinition) => void;
}) {
  const [search, setSearch] = useState('');
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return [...types]
      .sort((a, b) => a.label.localeCompare(b.label))
      .filter((t) => !q || t.label.toLowerCase().includes(q) || t.name.toLowerCase().includes(q));
  }, [types, search]);

  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="credential-type-title">
      <DialogTitle id="credential-type-title">Add New Credential</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          placeholder="Search credential"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 1.5, mt: 0.5 }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search credential' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {visible.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            No credential type matches.
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 420, overflowY: 'auto' }} aria-label="Credential types">
            {visible.map((type) => (
              <ListItemButton key={type.name} onClick={() => onPick(type)}>
                <ListItemAvatar>
                  <Avatar
                    aria-hidden
                    variant="rounded"
                    sx={{ bgcolor: 'primary.main', width: 34, height: 34, fontSize: 14 }}
                  >
                    {type.label.charAt(0)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={type.label} secondary={type.description ?? type.name} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
