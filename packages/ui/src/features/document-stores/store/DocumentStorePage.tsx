import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import type { DocumentStore, DocumentStoreLoader } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAccess } from '../../../app/useAccess';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';
import { ComponentPickerDialog } from '../ComponentPickerDialog';
import { documentStoresApi } from '../documentStoresApi';
import { UseInFlowButton } from '../flows/UseInFlowButton';
import { StorePageState } from '../StorePageState';
import { StoreFormDialog } from '../StoreFormDialog';
import { DocumentStoreStatus } from '../status/DocumentStoreStatus';
import { UpsertProgressBar } from '../status/UpsertProgressBar';
import { useLiveStore } from '../status/useLiveStore';
import { deleteDescription, deleteLoaderWithVectors, deleteStoreWithVectors } from '../storeVectors';
import { StoreTitle } from '../StoreTitle';
import { DeleteStoreDialog } from './DeleteStoreDialog';
import { LoaderTable } from './LoaderTable';
import { MoreActionsMenu } from './MoreActionsMenu';
import { UpsertApiDialog } from './UpsertApiDialog';

type Deleting = { loader?: DocumentStoreLoader };

/** Upsert progress and the last upsert's failure, as the server keeps them on the store. */
function UpsertState({ store }: { store: DocumentStore }) {
  if (store.upsertProgress) return <UpsertProgressBar progress={store.upsertProgress} />;
  if (store.upsertError)
    return (
      <Alert severity="error" role="alert">
        The last upsert failed: {store.upsertError}
      </Alert>
    );
  return null;
}

/** A document store: its loaders with their progress, and everything done with them. */
export default function DocumentStorePage() {
  const { storeId = '' } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const notify = useNotify();
  const confirm = useConfirm();
  const store = useLiveStore(storeId);
  const [editing, setEditing] = useState(false);
  const [pickingLoader, setPickingLoader] = useState(false);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [apiOf, setApiOf] = useState<DocumentStoreLoader | null>(null);

  const data = store.data;
  if (!data) return <StorePageState query={store} />;

  const can = (permission: string) => access.can(`documentStores:${permission}`);
  const canEdit = access.can('documentStores:create,documentStores:update');
  const base = `/document-stores`;
  const go = (path: string) => void navigate(path);

  const refresh = async () => {
    const ok = await confirm({
      title: 'Refresh all loaders and upsert all chunks?',
      description:
        'This will re-process all loaders and upsert all chunks. This action might take some time.',
      confirmButtonName: 'Refresh',
    });
    if (!ok) return;
    try {
      await store.track(documentStoresApi.refresh(data.id));
      notify.success('Document store refresh successfully!');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to refresh the document store: ' });
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      if (deleting.loader) {
        await deleteLoaderWithVectors(data, deleting.loader.id);
        notify.success('Loader and associated document chunks deleted');
        setDeleting(null);
        await store.reload();
      } else {
        await deleteStoreWithVectors(data);
        notify.success('Store, Loader and associated document chunks deleted');
        go(base);
      }
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete: ' });
    } finally {
      setDeleteBusy(false);
    }
  };

  const flows = data.whereUsed.filter(
    (flow): flow is { id: string; name: string } => typeof flow === 'object',
  );
  const addLoaderButton = can('add-loader') && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPickingLoader(true)}>
      Add Document Loader
    </Button>
  );

  return (
    <PageContainer>
      <StoreTitle
        title={data.name}
        description={data.description ?? ''}
        onBack={() => go(base)}
        {...(canEdit && { onEdit: () => setEditing(true) })}
        {...((data.status === 'STALE' || data.status === 'UPSERTING') && {
          onRefresh: () => void store.reload(),
        })}
        actions={
          <>
            <UseInFlowButton store={data} />
            {addLoaderButton}
            <MoreActionsMenu
              store={data}
              actions={{
                onChunks: () => go(`${base}/chunks/${data.id}/all`),
                onQuery: () => go(`${base}/query/${data.id}`),
                ...(can('upsert-config') && {
                  onUpsertAll: () => go(`${base}/vector/${data.id}`),
                  onRefresh: () => void refresh(),
                }),
                ...(can('delete') && { onDelete: () => setDeleting({}) }),
              }}
            />
          </>
        }
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
          <DocumentStoreStatus status={data.status} />
          {flows.length > 0 && (
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="body2" fontWeight={600}>
                Chatflows Used:
              </Typography>
              {flows.map((flow) => (
                <Chip
                  key={flow.id}
                  label={flow.name}
                  size="small"
                  clickable
                  onClick={() => go(`/canvas/${flow.id}`)}
                />
              ))}
            </Box>
          )}
        </Box>
        {data.status === 'STALE' && (
          <Typography variant="body2" color="text.secondary">
            Some files are pending processing. Please Refresh to get the latest status.
          </Typography>
        )}
        <UpsertState store={data} />
        {data.loaders.length === 0 ? (
          <EmptyState
            icon={<DescriptionOutlinedIcon />}
            title="No Document Added Yet"
            description="Add a document loader: files, web pages, an API or plain text, split into chunks."
            {...(addLoaderButton && { action: addLoaderButton })}
          />
        ) : (
          <LoaderTable
            loaders={data.loaders}
            actions={{
              onChunks: (loader) => go(`${base}/chunks/${data.id}/${loader.id}`),
              onApi: setApiOf,
              ...(can('preview-process') && {
                onPreview: (loader) => go(`${base}/${data.id}/${loader.id}`),
              }),
              ...(can('upsert-config') && {
                onUpsert: (loader) => go(`${base}/vector/${data.id}/${loader.id}`),
              }),
              ...(can('delete-loader') && { onDelete: (loader) => setDeleting({ loader }) }),
            }}
          />
        )}
      </Box>

      {editing && (
        <StoreFormDialog
          mode="edit"
          store={data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void store.reload();
          }}
        />
      )}
      {pickingLoader && (
        <ComponentPickerDialog
          title="Select Document Loader"
          load={documentStoresApi.loaders}
          onClose={() => setPickingLoader(false)}
          onPick={(loader) => go(`${base}/${data.id}/${loader.name}`)}
        />
      )}
      {deleting && (
        <DeleteStoreDialog
          store={data}
          {...(!deleting.loader && { usedBy: flows.map((flow) => flow.name) })}
          description={deleteDescription(data, deleting.loader?.loaderName)}
          busy={deleteBusy}
          onCancel={() => setDeleting(null)}
          onDelete={() => void remove()}
        />
      )}
      {apiOf && <UpsertApiDialog storeId={data.id} loaderId={apiOf.id} onClose={() => setApiOf(null)} />}
    </PageContainer>
  );
}
