import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { AssistantStoreOption } from '@flowloom/shared';
import { Link as RouterLink } from 'react-router';
import { BuilderSection } from './BuilderSection';
import { pickStores, type KnowledgeDraft } from './assistantDraft';

/** The document stores the assistant searches, each with the description that tells the model when. */
export function KnowledgeSection({
  options,
  value,
  onChange,
}: {
  options: readonly AssistantStoreOption[];
  value: KnowledgeDraft[];
  onChange: (stores: KnowledgeDraft[]) => void;
}) {
  const chosen = value.map(
    (store) =>
      options.find((option) => option.name === store.id) ?? {
        name: store.id,
        label: store.name,
        description: null,
      },
  );
  const change = (index: number, patch: Partial<KnowledgeDraft>) =>
    onChange(value.map((store, i) => (i === index ? { ...store, ...patch } : store)));
  return (
    <BuilderSection
      title="Knowledge (Document Stores)"
      hint="Document stores the assistant can search for context. A store must be upserted before it is offered here."
    >
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={chosen}
        isOptionEqualToValue={(option, selected) => option.name === selected.name}
        getOptionLabel={(option) => option.label}
        onChange={(_event, selected) =>
          onChange(
            pickStores(
              value,
              selected.map((store) => store.name),
              options,
            ),
          )
        }
        noOptionsText="No upserted document stores"
        renderInput={(params) => <TextField {...params} label="Document Stores" />}
      />
      {options.length === 0 && value.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No document store is upserted yet.{' '}
          <Link component={RouterLink} to="/document-stores">
            Create and upsert one in Document Stores
          </Link>{' '}
          to use it here.
        </Typography>
      )}
      <Stack spacing={1.5} sx={{ mt: value.length > 0 ? 2 : 0 }}>
        {value.map((store, index) => (
          <Box
            key={store.id}
            role="group"
            aria-label={`Knowledge ${store.name}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                {store.name}
              </Typography>
              <Tooltip title="Remove">
                <IconButton
                  size="small"
                  aria-label={`Remove ${store.name}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            <TextField
              fullWidth
              required
              multiline
              minRows={2}
              size="small"
              label="Describe Knowledge"
              helperText="What the store holds: the assistant reads this to decide when to search it."
              value={store.description}
              onChange={(event) => change(index, { description: event.target.value })}
            />
            <FormControlLabel
              sx={{ mt: 0.5 }}
              control={
                <Switch
                  size="small"
                  checked={store.returnSourceDocuments}
                  onChange={(event) => change(index, { returnSourceDocuments: event.target.checked })}
                />
              }
              label="Return Source Documents"
            />
          </Box>
        ))}
      </Stack>
    </BuilderSection>
  );
}
