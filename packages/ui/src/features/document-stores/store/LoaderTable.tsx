import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { formatCount, type DocumentStoreLoader, type LoaderProgress } from '@flowloom/shared';
import { ActionMenu } from '../../../components/ActionMenu';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';

/** What a loader's row offers; an action missing here is not shown. */
export interface LoaderActions {
  onPreview?: (loader: DocumentStoreLoader) => void;
  onChunks: (loader: DocumentStoreLoader) => void;
  onUpsert?: (loader: DocumentStoreLoader) => void;
  onApi: (loader: DocumentStoreLoader) => void;
  onDelete?: (loader: DocumentStoreLoader) => void;
}

/** The file names of a loader, else its source (URL, "None"). */
export function loaderSource(loader: DocumentStoreLoader): string {
  const files = (loader.files ?? []).map((file) => file.name);
  return files.length > 0 ? files.join(', ') : (loader.source ?? 'None');
}

/** "Loading…", "Saving 120 of 300 chunks…". */
export function progressText(progress: LoaderProgress): string {
  const counted = progress.total !== undefined ? ` ${progress.done ?? 0} of ${progress.total} chunks` : '';
  const stage =
    { loading: 'Loading', splitting: 'Splitting', saving: 'Saving' }[progress.stage] ?? 'Processing';
  return `${stage}${counted}…`;
}

function LoaderProgressBar({ progress }: { progress: LoaderProgress }) {
  const determinate = progress.total !== undefined && progress.total > 0;
  const text = progressText(progress);
  return (
    <Box sx={{ mt: 0.75, maxWidth: 280 }}>
      <LinearProgress
        aria-label={text}
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={determinate ? ((progress.done ?? 0) / progress.total!) * 100 : undefined}
      />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

function OptionsMenu({ loader, actions }: { loader: DocumentStoreLoader; actions: LoaderActions }) {
  const busy = loader.progress !== undefined;
  const of = (run: (loader: DocumentStoreLoader) => void) => () => run(loader);
  return (
    <ActionMenu
      button={(open) => (
        <Button
          size="small"
          variant="outlined"
          endIcon={<ExpandMoreIcon />}
          aria-label={`Options of ${loader.loaderName}`}
          aria-haspopup="menu"
          onClick={open}
        >
          Options
        </Button>
      )}
      actions={[
        actions.onPreview && {
          label: 'Preview & Process',
          icon: <TuneIcon fontSize="small" />,
          onClick: of(actions.onPreview),
          disabled: busy,
        },
        {
          label: 'View & Edit Chunks',
          icon: <ListAltIcon fontSize="small" />,
          onClick: of(actions.onChunks),
        },
        actions.onUpsert && {
          label: 'Upsert Chunks',
          icon: <RocketLaunchOutlinedIcon fontSize="small" />,
          onClick: of(actions.onUpsert),
          disabled: busy || loader.totalChunks === 0,
        },
        { label: 'View API', icon: <CodeIcon fontSize="small" />, onClick: of(actions.onApi) },
        actions.onDelete && {
          label: 'Delete',
          icon: <DeleteOutlineIcon fontSize="small" />,
          onClick: of(actions.onDelete),
          disabled: busy,
          danger: true,
        },
      ]}
    />
  );
}

/** The loaders of a store: status, loader, splitter, sources, size, progress and errors, options. */
export function LoaderTable({
  loaders,
  actions,
}: {
  loaders: readonly DocumentStoreLoader[];
  actions: LoaderActions;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Document loaders" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 32 }} />
            <TableCell>Loader</TableCell>
            <TableCell>Splitter</TableCell>
            <TableCell>Source(s)</TableCell>
            <TableCell>Chunks</TableCell>
            <TableCell>Chars</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loaders.map((loader) => (
            <TableRow
              key={loader.id}
              hover
              tabIndex={0}
              aria-label={`Chunks of ${loader.loaderName}`}
              onClick={() => actions.onChunks(loader)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) actions.onChunks(loader);
              }}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
            >
              <TableCell>
                <Box
                  role="img"
                  aria-label={loader.status}
                  title={loader.status}
                  sx={{
                    mt: 1.25,
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: loader.status === 'SYNC' ? 'success.main' : 'warning.main',
                  }}
                />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <NodeIcon name={loader.loaderId} label={loader.loaderName} size={28} />
                  <Typography fontWeight={600}>{loader.loaderName}</Typography>
                </Box>
                {loader.progress && <LoaderProgressBar progress={loader.progress} />}
                {loader.error && !loader.progress && (
                  <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.75, maxWidth: 420 }}>
                    {loader.error}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{loader.splitterName || 'None'}</TableCell>
              <TableCell sx={{ maxWidth: 260, wordBreak: 'break-word' }}>{loaderSource(loader)}</TableCell>
              <TableCell>{formatCount(loader.totalChunks)}</TableCell>
              <TableCell>{formatCount(loader.totalChars)}</TableCell>
              <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                <OptionsMenu loader={loader} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
