import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { Chatflow } from '@flowloom/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../../api/useApiQuery';
import { useAccess } from '../../../app/useAccess';
import { useNotify } from '../../notifications/useNotify';
import { apiDialogApi } from './apiDialogApi';

const ADD_NEW = '__add_new__';

/**
 * Binds the flow to one of the workspace's API keys, or to none ("No Authorization"); the choice is
 * saved at once (`PUT /chatflows/:id {apikeyid}`). A bound flow answers prediction calls only with
 * that key. "- Add New Key -" leads to the API keys page.
 */
export function ApiKeyPicker({
  chatflow,
  onChatflowChange,
}: {
  chatflow: Chatflow;
  onChatflowChange: (chatflow: Chatflow) => void;
}) {
  const labelId = useId();
  const access = useAccess();
  const notify = useNotify();
  const navigate = useNavigate();
  const canView = access.can('apikeys:view');
  const keys = useApiQuery(() => (canView ? apiDialogApi.apiKeys() : Promise.resolve([])), [canView]);
  const [saving, setSaving] = useState(false);
  const bound = chatflow.apikeyid ?? '';
  const known = (keys.data ?? []).some((key) => key.id === bound);

  const choose = async (value: string) => {
    if (value === ADD_NEW) {
      void navigate('/apikey');
      return;
    }
    if (value === bound) return;
    setSaving(true);
    try {
      onChatflowChange(await apiDialogApi.update(chatflow.id, { apikeyid: value || null }));
      notify.success(value ? 'API key bound to this flow' : 'This flow takes calls without an API key');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to change the API key: ' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormControl size="small" sx={{ minWidth: 220 }}>
      <InputLabel id={labelId}>API Key</InputLabel>
      <Select
        labelId={labelId}
        label="API Key"
        value={bound}
        disabled={saving || keys.loading || !canView}
        onChange={(event) => void choose(event.target.value)}
        endAdornment={saving ? <CircularProgress size={16} sx={{ mr: 3 }} /> : undefined}
      >
        <MenuItem value="">No Authorization</MenuItem>
        {(keys.data ?? []).map((key) => (
          <MenuItem key={key.id} value={key.id}>
            {key.keyName}
          </MenuItem>
        ))}
        {bound && !known && (
          <MenuItem value={bound}>{keys.loading ? 'Loading…' : 'A key of this workspace'}</MenuItem>
        )}
        {access.can('apikeys:create') && <MenuItem value={ADD_NEW}>- Add New Key -</MenuItem>}
      </Select>
    </FormControl>
  );
}
