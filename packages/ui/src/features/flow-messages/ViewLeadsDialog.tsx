import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useApiQuery } from '../../api/useApiQuery';
import { downloadFile } from '../export-import/downloadFile';
import { flowMessagesApi } from './flowMessagesApi';
import { leadsCsv, matchesLead } from './leadsCsv';
import { longDate } from './messageViewer';
import type { ViewedFlow } from './ViewMessagesDialog';

/**
 * "View Leads" (SHARING.md §6.2): the contact details visitors left in a flow's chat, searchable,
 * exported as JSON (Flowise's file) or CSV.
 */
export function ViewLeadsDialog({
  open,
  onClose,
  flow,
}: {
  open: boolean;
  onClose: () => void;
  flow: ViewedFlow;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="view-leads-title">
      {open && <LeadsViewer flow={flow} onClose={onClose} />}
    </Dialog>
  );
}

function LeadsViewer({ flow, onClose }: { flow: ViewedFlow; onClose: () => void }) {
  const leads = useApiQuery(() => flowMessagesApi.leads(flow.id), [flow.id]);
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => (leads.data ?? []).filter((row) => matchesLead(row, search)),
    [leads.data, search],
  );
  const all = leads.data ?? [];

  return (
    <>
      <DialogTitle id="view-leads-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>{flow.name} Leads</Box>
        {all.length > 0 && (
          <>
            <Button
              size="small"
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              onClick={() => downloadFile(`${flow.id}-leads.json`, JSON.stringify({ leads: all }, null, 2))}
            >
              Export
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              onClick={() => downloadFile(`${flow.id}-leads.csv`, leadsCsv(all), 'text/csv;charset=utf-8')}
            >
              Export CSV
            </Button>
          </>
        )}
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {leads.loading && <LinearProgress aria-label="Loading leads" sx={{ mb: 1 }} />}
        {leads.error !== undefined && (
          <Alert severity="error">{errorMessage(leads.error, 'Could not load the leads')}</Alert>
        )}
        {!leads.loading && leads.error === undefined && all.length === 0 && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6, color: 'text.secondary' }}>
            <ContactMailOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />
            <Typography>No Leads</Typography>
          </Box>
        )}
        {all.length > 0 && (
          <>
            <TextField
              size="small"
              fullWidth
              placeholder="Search Name or Email or Phone"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ mb: 2, mt: 1 }}
              slotProps={{
                htmlInput: { 'aria-label': 'Search Name or Email or Phone', maxLength: 200 },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: '10px' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Email Address</TableCell>
                    <TableCell>Phone</TableCell>
                    <TableCell>Created Date</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{row.name}</TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>{row.phone}</TableCell>
                      <TableCell>{longDate(row.createdDate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
    </>
  );
}
