import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { EXTERNAL_TIMEOUT_MS, RELEASES_URL } from '../../app/config';
import { formatRelativeTime } from '../../components/formatRelativeTime';

interface Release {
  name?: string;
  html_url?: string;
  published_at?: string;
}

/** SPEC §2 version dialog: current version, latest release (linked) and when it was published. */
export function VersionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState<string | null>(null);
  const [release, setRelease] = useState<Release | null | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    let active = true;
    api.get<{ version?: string }>('/version').then(
      (data) => active && setCurrent(data?.version ?? 'unknown'),
      (error: unknown) => {
        console.error('Version fetch failed', error);
        if (active) setCurrent('unknown');
      },
    );
    fetch(RELEASES_URL, { signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS) })
      .then((r) => (r.ok ? (r.json() as Promise<Release>) : null))
      .then(
        (data) => active && setRelease(data),
        () => active && setRelease(null),
      );
    return () => {
      active = false;
    };
  }, [open]);

  const loading = <Skeleton width={80} />;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="version-dialog-title">
      <DialogTitle id="version-dialog-title">Flowloom Version</DialogTitle>
      <DialogContent>
        <TableContainer>
          <Table size="small" aria-label="Version information">
            <TableHead>
              <TableRow>
                <TableCell>Current Version</TableCell>
                <TableCell>Latest Version</TableCell>
                <TableCell>Published At</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell>{current ?? loading}</TableCell>
                <TableCell>
                  {release === undefined ? (
                    loading
                  ) : release?.html_url ? (
                    <Link href={release.html_url} target="_blank" rel="noreferrer">
                      {release.name ?? release.html_url}
                    </Link>
                  ) : (
                    'unknown'
                  )}
                </TableCell>
                <TableCell>
                  {release === undefined
                    ? loading
                    : release?.published_at
                      ? formatRelativeTime(release.published_at)
                      : 'unknown'}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
