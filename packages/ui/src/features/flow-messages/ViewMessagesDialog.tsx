import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import ClearAllIcon from '@mui/icons-material/ClearAll';
import { useMemo, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { errorMessage } from '../../api/errorMessage';
import { useAccess } from '../../app/useAccess';
import { downloadFile } from '../export-import/downloadFile';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { flowMessagesApi, type MessageFilters } from './flowMessagesApi';
import {
  DEFAULT_SOURCES,
  FEEDBACK_OPTIONS,
  SESSIONS_PER_PAGE,
  SOURCE_OPTIONS,
  aMonthBefore,
  conversationQuery,
  dateInputValue,
  dayBoundary,
  longDateTime,
  positivePercent,
  sessionEntries,
  sourceLabel,
  type SessionEntry,
} from './messageViewer';
import { ViewerMessage } from './ViewerMessage';

/** The flow whose messages are shown. */
export interface ViewedFlow {
  id: string;
  name: string;
  type: string;
}

/** The permission family of a flow type (flow routes check the same). */
export function flowFamily(type: string): 'chatflows' | 'agentflows' | 'assistants' {
  if (type === 'AGENTFLOW' || type === 'MULTIAGENT') return 'agentflows';
  if (type === 'ASSISTANT') return 'assistants';
  return 'chatflows';
}

/**
 * "View Messages" (SHARING.md §6.1): a flow's conversations filtered by date, source and rating,
 * with their counts; one conversation read whole; clear one, delete all, or export them as JSON.
 */
export function ViewMessagesDialog({
  open,
  onClose,
  flow,
}: {
  open: boolean;
  onClose: () => void;
  flow: ViewedFlow;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xl"
      aria-labelledby="view-messages-title"
      slotProps={{ paper: { sx: { height: 'calc(100vh - 64px)' } } }}
    >
      {/* Mounted only while open: every opening starts from the default filters. */}
      {open && <MessagesViewer flow={flow} onClose={onClose} />}
    </Dialog>
  );
}

function MultiSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const id = `view-messages-${label.toLowerCase()}`;
  return (
    <FormControl size="small" sx={{ minWidth: 190, maxWidth: 340 }}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        multiple
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === 'string' ? next.split(',') : next);
        }}
        input={<OutlinedInput label={label} />}
        renderValue={(selected) =>
          options
            .filter((o) => selected.includes(o.value))
            .map((o) => o.label)
            .join(', ')
        }
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox size="small" checked={value.includes(option.value)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function StatCard({ title, value }: { title: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, borderRadius: '10px' }} aria-label={title}>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** "Delete Messages" with, for chatflows, the choice to clear third-party memory too. */
function DeleteAllDialog({
  isChatflow,
  onCancel,
  onConfirm,
}: {
  isChatflow: boolean;
  onCancel: () => void;
  onConfirm: (hardDelete: boolean) => void;
}) {
  const [hardDelete, setHardDelete] = useState(false);
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="delete-messages-title">
      <DialogTitle id="delete-messages-title">Delete Messages</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Are you sure you want to delete messages? This action cannot be undone.
        </DialogContentText>
        {isChatflow && (
          <FormControlLabel
            control={<Checkbox checked={hardDelete} onChange={(e) => setHardDelete(e.target.checked)} />}
            label="Remove messages from 3rd party Memory Node"
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => onConfirm(hardDelete)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MessagesViewer({ flow, onClose }: { flow: ViewedFlow; onClose: () => void }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const family = flowFamily(flow.type);
  const canDelete = access.can(`${family}:update`);
  const canExport = access.can('workspace:export');

  const [now] = useState(() => new Date());
  const [startDate, setStartDate] = useState(() => aMonthBefore(now));
  const [endDate, setEndDate] = useState(now);
  const [chatTypes, setChatTypes] = useState<string[]>(DEFAULT_SOURCES);
  const [feedbackTypes, setFeedbackTypes] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [deletingAll, setDeletingAll] = useState(false);

  const filters = useMemo<MessageFilters>(
    () => ({ chatTypes, feedbackTypes, startDate, endDate }),
    [chatTypes, feedbackTypes, startDate, endDate],
  );
  const filterKey = JSON.stringify(filters);
  const sessions = useApiQuery(
    () => flowMessagesApi.page(flow.id, filters, page, SESSIONS_PER_PAGE),
    [flow.id, filterKey, page],
  );
  const stats = useApiQuery(() => flowMessagesApi.stats(flow.id, filters), [flow.id, filterKey]);
  const entries = useMemo(() => sessionEntries(sessions.data ?? []), [sessions.data]);
  const selected: SessionEntry | undefined = entries.find((e) => e.key === selectedKey) ?? entries[0];
  const conversation = useApiQuery(
    () =>
      selected
        ? flowMessagesApi.conversation(flow.id, conversationQuery(selected), feedbackTypes)
        : Promise.resolve([]),
    [flow.id, selected?.key, JSON.stringify(feedbackTypes), sessions.data],
  );
  const messages = conversation.data ?? [];
  const leadEmail = messages.find((m) => m.role === 'userMessage' && m.leadEmail)?.leadEmail;
  const totalSessions = stats.data?.totalSessions ?? 0;

  const refilter = (update: () => void) => {
    update();
    setPage(1);
    setSelectedKey(null);
  };
  const reload = async () => {
    await Promise.all([sessions.reload(), stats.reload()]);
  };

  const exportMessages = async () => {
    try {
      const data = await flowMessagesApi.export(flow.id, filters);
      downloadFile(`${flow.id}-Message.json`, JSON.stringify(data, null, 2));
      notify.success('Messages exported successfully');
    } catch {
      notify.error(null, { fallback: 'Failed to export messages' });
    }
  };

  const deleteAll = async (hardDelete: boolean) => {
    setDeletingAll(false);
    try {
      await flowMessagesApi.remove(flow.id, {
        ...(chatTypes.length === 1 && { chatType: chatTypes[0] }),
        ...(feedbackTypes.length === 1 && { feedbackType: feedbackTypes[0] }),
        startDate: startDate.toISOString(),
        endDate: endDate.toISOString(),
        ...(hardDelete && { hardDelete: 'true' }),
      });
      notify.success('Successfully deleted messages');
      setPage(1);
      setSelectedKey(null);
      await reload();
    } catch (error) {
      notify.error(error);
    }
  };

  const clearSession = async (entry: SessionEntry) => {
    const named = entry.sessionId && entry.memoryType;
    const confirmed = await confirm({
      title: 'Clear Session',
      description: named
        ? `Are you sure you want to clear session id: ${entry.sessionId} from ${entry.memoryType}?`
        : 'Are you sure you want to clear messages?',
      confirmButtonName: 'Clear',
      cancelButtonName: 'Cancel',
    });
    if (!confirmed) return;
    try {
      await flowMessagesApi.remove(flow.id, {
        ...conversationQuery(entry),
        chatType: entry.chatType,
      });
      notify.success(
        named
          ? `Successfully cleared session id: ${entry.sessionId} from ${entry.memoryType}`
          : 'Successfully cleared messages',
      );
      setSelectedKey(null);
      await reload();
    } catch (error) {
      notify.error(error);
    }
  };

  const firstShown = totalSessions === 0 ? 0 : SESSIONS_PER_PAGE * (page - 1) + 1;
  const lastShown = Math.min(SESSIONS_PER_PAGE * page, totalSessions);
  const loadError = sessions.error ?? stats.error;

  return (
    <>
      <DialogTitle id="view-messages-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          View Messages
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }} noWrap>
            {flow.name}
          </Typography>
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, pt: 1, mb: 2 }}>
          <TextField
            type="date"
            size="small"
            label="From Date"
            value={dateInputValue(startDate)}
            onChange={(e) => {
              const date = dayBoundary(e.target.value, false);
              if (date) refilter(() => setStartDate(date));
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: dateInputValue(endDate) } }}
          />
          <TextField
            type="date"
            size="small"
            label="To Date"
            value={dateInputValue(endDate)}
            onChange={(e) => {
              const date = dayBoundary(e.target.value, true);
              if (date) refilter(() => setEndDate(date));
            }}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: dateInputValue(startDate), max: dateInputValue(now) },
            }}
          />
          <MultiSelect
            label="Source"
            options={SOURCE_OPTIONS}
            value={chatTypes}
            onChange={(value) => refilter(() => setChatTypes(value))}
          />
          <MultiSelect
            label="Feedback"
            options={FEEDBACK_OPTIONS}
            value={feedbackTypes}
            onChange={(value) => refilter(() => setFeedbackTypes(value))}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="outlined"
            color="secondary"
            endIcon={<KeyboardArrowDownIcon />}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
            disabled={!canExport && !canDelete}
          >
            More Actions
          </Button>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {canExport && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  void exportMessages();
                }}
              >
                <FileDownloadOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
                Export to JSON
              </MenuItem>
            )}
            {canDelete && (stats.data?.totalMessages ?? 0) > 0 && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  setDeletingAll(true);
                }}
                sx={{ color: 'error.main' }}
              >
                <DeleteSweepOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
                Delete All
              </MenuItem>
            )}
          </Menu>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.25, mb: 2 }}>
          <StatCard title="Total Sessions" value={`${stats.data?.totalSessions ?? 0}`} />
          <StatCard title="Total Messages" value={`${stats.data?.totalMessages ?? 0}`} />
          <StatCard title="Total Feedback Received" value={`${stats.data?.totalFeedback ?? 0}`} />
          <StatCard
            title="Positive Feedback"
            value={positivePercent(stats.data ?? { positiveFeedback: 0, totalFeedback: 0 })}
          />
        </Box>
        {(sessions.loading || stats.loading) && (
          <LinearProgress sx={{ mb: 1 }} aria-label="Loading messages" />
        )}
        {loadError !== undefined && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errorMessage(loadError, 'Could not load the messages')}
          </Alert>
        )}
        {!sessions.loading && entries.length === 0 && loadError === undefined && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6, color: 'text.secondary' }}>
            <ForumOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />
            <Typography>No Messages</Typography>
          </Box>
        )}
        {entries.length > 0 && (
          <Box sx={{ display: 'flex', gap: 2, minHeight: 0, flex: 1 }}>
            <Box
              sx={{ flexBasis: '38%', minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}
            >
              <Box
                sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}
              >
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  Sessions {firstShown} - {lastShown} of {totalSessions}
                </Typography>
                <Pagination
                  size="small"
                  color="primary"
                  page={page}
                  count={Math.max(1, Math.ceil(totalSessions / SESSIONS_PER_PAGE))}
                  onChange={(_event, next) => {
                    setPage(next);
                    setSelectedKey(null);
                  }}
                />
              </Box>
              <Box component="nav" aria-label="Sessions" sx={{ overflowY: 'auto', minHeight: 0, pr: 0.5 }}>
                {entries.map((entry) => (
                  <ListItemButton
                    key={entry.key}
                    selected={entry.key === selected?.key}
                    onClick={() => setSelectedKey(entry.key)}
                    sx={{ borderRadius: '10px', mb: 0.75, border: 1, borderColor: 'divider' }}
                  >
                    <ListItemText
                      primary={
                        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                          <Typography variant="body2" noWrap>
                            {entry.userContent}
                          </Typography>
                          <Typography variant="body2" color="text.secondary" noWrap>
                            {entry.apiContent}
                          </Typography>
                        </Box>
                      }
                      secondary={longDateTime(entry.createdDate)}
                    />
                  </ListItemButton>
                ))}
              </Box>
            </Box>
            <Box
              sx={{ flexBasis: '62%', minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}
              aria-label="Conversation"
              role="region"
            >
              {selected && (
                <Box sx={{ display: 'flex', alignItems: 'flex-start', mb: 1 }}>
                  <Box sx={{ flex: 1, fontSize: 14 }}>
                    {selected.sessionId && (
                      <div>
                        Session Id: <b>{selected.sessionId}</b>
                      </div>
                    )}
                    <div>
                      Source: <b>{sourceLabel(selected.chatType)}</b>
                    </div>
                    {selected.memoryType && (
                      <div>
                        Memory: <b>{selected.memoryType}</b>
                      </div>
                    )}
                    {leadEmail && (
                      <div>
                        Email: <b>{leadEmail}</b>
                      </div>
                    )}
                  </Box>
                  {canDelete && (
                    <Tooltip title="Clear Message">
                      <IconButton
                        color="error"
                        aria-label="Clear Message"
                        onClick={() => void clearSession(selected)}
                      >
                        <ClearAllIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {selected.sessionId && (
                    <Tooltip title="The memory this conversation used is named on the left. Clearing a session kept by an external memory node needs a memory node with the same settings on the canvas.">
                      <IconButton color="primary" aria-label="About clearing sessions">
                        <LightbulbOutlinedIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              )}
              <Box
                role="log"
                aria-label="Conversation messages"
                sx={{
                  overflowY: 'auto',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '10px',
                  p: 2,
                  flex: 1,
                }}
              >
                {conversation.error !== undefined && (
                  <Alert severity="error">
                    {errorMessage(conversation.error, 'Could not load the conversation')}
                  </Alert>
                )}
                {messages.map((row) => (
                  <ViewerMessage key={row.id} row={row} />
                ))}
              </Box>
            </Box>
          </Box>
        )}
      </DialogContent>
      {deletingAll && (
        <DeleteAllDialog
          isChatflow={flow.type === 'CHATFLOW'}
          onCancel={() => setDeletingAll(false)}
          onConfirm={(hardDelete) => void deleteAll(hardDelete)}
        />
      )}
    </>
  );
}
