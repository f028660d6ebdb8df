import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DataArrayIcon from '@mui/icons-material/DataArray';
import { formatCount, type ChunkPage, type DocumentStoreChunk } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApiQuery } from '../../../api/useApiQuery';
import { useAccess } from '../../../app/useAccess';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';
import { documentStoresApi } from '../documentStoresApi';
import { loaderSource } from '../store/LoaderTable';
import { StorePageState } from '../StorePageState';
import { StoreTitle } from '../StoreTitle';
import { ChunkCard, ChunkGrid } from './ChunkCard';
import { ChunkDialog } from './ChunkDialog';
import { chunkRange, rangeText } from './chunkPager';

/** The page title: "<loader> (<sources>)", or the store's name for all its chunks. */
function titleOf(page: ChunkPage): string {
  return page.file ? `${page.file.loaderName} (${loaderSource(page.file)})` : page.storeName;
}

/** `/document-stores/chunks/:storeId/:fileId`: the chunks of a loader (or of the whole store, `all`). */
export default function ChunksPage() {
  const { storeId = '', fileId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<DocumentStoreChunk | null>(null);
  const query = useApiQuery(
    () => documentStoresApi.chunks(storeId, fileId, pageNo),
    [storeId, fileId, pageNo],
  );
  const page = query.data;
  if (!page) return <StorePageState query={query} what="These chunks" />;

  const range = chunkRange(pageNo, page.count);
  const canEdit = access.can('documentStores:update');
  const canDelete = access.can('documentStores:update,documentStores:delete');

  const save = async (chunk: DocumentStoreChunk, pageContent: string, metadata: Record<string, unknown>) => {
    try {
      await documentStoresApi.editChunk(storeId, chunk.docId, chunk.id, { pageContent, metadata });
      notify.success('Document chunk successfully edited!');
      setOpen(null);
      await query.reload();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to edit chunk: ' });
      throw error;
    }
  };

  const remove = async (chunk: DocumentStoreChunk) => {
    const ok = await confirm({
      title: 'Delete',
      description: `Delete chunk ${chunk.id} ? This action cannot be undone.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      await documentStoresApi.deleteChunk(storeId, chunk.docId, chunk.id);
      notify.success('Document chunk successfully deleted!');
      setOpen(null);
      // The last chunk of the last page gone: show the page before.
      if (page.chunks.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      else await query.reload();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete chunk: ' });
    }
  };

  return (
    <PageContainer>
      <StoreTitle
        title={titleOf(page)}
        description={page.file ? `Splitter: ${page.file.splitterName || 'None'}` : (page.description ?? '')}
        onBack={() => void navigate(`/document-stores/${storeId}`)}
      />
      {(page.file?.files ?? []).length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {page.file!.files!.map((file) => (
            <Chip key={file.id} label={file.name} size="small" variant="outlined" />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Tooltip title="Previous page">
            <span>
              <IconButton
                aria-label="Previous page"
                disabled={!range.hasPrevious || query.loading}
                onClick={() => setPageNo(pageNo - 1)}
              >
                <ChevronLeftIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="body2" aria-live="polite">
            {rangeText(range, page.count)}
          </Typography>
          <Tooltip title="Next page">
            <span>
              <IconButton
                aria-label="Next page"
                disabled={!range.hasNext || query.loading}
                onClick={() => setPageNo(pageNo + 1)}
              >
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {formatCount(page.characters)} characters
        </Typography>
      </Box>
      {query.loading && <LinearProgress sx={{ mb: 1 }} aria-label="Loading chunks" />}
      {page.chunks.length === 0 ? (
        <EmptyState
          icon={<DataArrayIcon />}
          title="No Chunks"
          description="Process a loader to make chunks."
        />
      ) : (
        <ChunkGrid>
          {page.chunks.map((chunk) => (
            <ChunkCard
              key={chunk.id}
              number={chunk.chunkNo}
              text={chunk.pageContent}
              metadata={chunk.metadata}
              onOpen={() => setOpen(chunk)}
            />
          ))}
        </ChunkGrid>
      )}
      {open && (
        <ChunkDialog
          key={open.id}
          chunk={open}
          onClose={() => setOpen(null)}
          {...(canEdit && {
            onSave: (text: string, metadata: Record<string, unknown>) => save(open, text, metadata),
          })}
          {...(canDelete && { onDelete: () => void remove(open) })}
        />
      )}
    </PageContainer>
  );
}
