import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import { formatCount, truncate, type DocumentStore } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { writeStored } from '../../app/localStore';
import { RenameDeleteMenu } from '../../components/RenameDeleteMenu';
import { pageSizeKey, ResourceList, storedPageSize } from '../../components/ResourceList';
import { useResourcePage } from '../../components/useResourcePage';
import { documentStoresApi } from './documentStoresApi';
import { LoaderIcons } from './LoaderIcons';
import { DocumentStoreStatus } from './status/DocumentStoreStatus';
import { flowCount, StoreCard } from './StoreCard';
import { StoreFormDialog, type StoreFormMode } from './StoreFormDialog';
import { canDeleteVectors, deleteStoreWithVectors } from './storeVectors';

export const PAGE_SIZE_KEY = pageSizeKey('documentStores');

const matches = (store: DocumentStore, q: string) =>
  store.name.toLowerCase().includes(q) || (store.description ?? '').toLowerCase().includes(q);

const deleteWarning = (store: DocumentStore) =>
  canDeleteVectors(store)
    ? 'Its loaders and document chunks are deleted, and its data is removed from the vector store.'
    : store.vectorStoreConfig
      ? 'Its loaders and document chunks are deleted; without a record manager the vectors stay in the vector database.'
      : 'Its loaders and document chunks are deleted.';

/** Document Stores: the list, a server page at a time, as cards or a table. */
export default function DocumentStoresPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(() => storedPageSize(PAGE_SIZE_KEY));
  const [total, setTotal] = useState(0);
  const [dialog, setDialog] = useState<{ mode: StoreFormMode; store?: DocumentStore } | null>(null);
  const kit = useResourcePage<DocumentStore>({
    resource: 'documentStores',
    nouns: ['document store', 'document stores'],
    api: {
      list: async () => {
        const answer = await documentStoresApi.page(page, pageSize);
        setTotal(answer.total);
        return answer.data;
      },
      remove: (_id, store) => deleteStoreWithVectors(store),
    },
    name: (store) => store.name,
    deleteWarning,
    listDeps: [page, pageSize],
  });
  const stores = kit.query;
  const rows = stores.data ?? [];

  // Deleting the last store of a page moves back to the previous page.
  useEffect(() => {
    if (stores.data && rows.length === 0 && total > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [stores.data, rows.length, total, page, pageSize]);

  const open = (store: DocumentStore) => void navigate(`/document-stores/${store.id}`);
  const canRename = kit.can('create') || kit.can('update');
  const actions = (store: DocumentStore) => (
    <RenameDeleteMenu
      label={`Actions of ${store.name}`}
      {...(canRename && { onRename: () => setDialog({ mode: 'rename', store }) })}
      {...(kit.can('delete') && { onDelete: () => void kit.remove(store) })}
    />
  );

  return (
    <ResourceList
      title="Document Store"
      description="Store and upsert documents for LLM retrieval (RAG)"
      noun="document stores"
      {...kit.listProps}
      matches={matches}
      searchPlaceholder="Search Name"
      addButton={kit.addButton('Add New', () => setDialog({ mode: 'add' }))}
      empty={{
        icon: <LibraryBooksOutlinedIcon />,
        title: 'No Document Stores Created Yet',
        description:
          'A document store loads files, web pages or text, splits them into chunks and upserts them into a vector store for retrieval.',
      }}
      columns={[
        {
          header: '',
          cell: (store) => <DocumentStoreStatus status={store.status} dotOnly />,
          sx: { width: 32 },
        },
        {
          header: 'Name',
          cell: (store) => <Typography fontWeight={600}>{store.name}</Typography>,
          sortValue: (store) => store.name.toLowerCase(),
        },
        {
          header: 'Description',
          cell: (store) => truncate(store.description ?? '', 90),
          sx: { color: 'text.secondary' },
        },
        { header: 'Connected flows', cell: flowCount },
        { header: 'Total characters', cell: (store) => formatCount(store.totalChars) },
        { header: 'Total chunks', cell: (store) => formatCount(store.totalChunks) },
        {
          header: 'Loader Types',
          cell: (store) => (
            <Box sx={{ minHeight: 26 }}>
              <LoaderIcons loaders={store.loaders ?? []} />
            </Box>
          ),
        },
      ]}
      actions={actions}
      cards={(store, menu) => <StoreCard store={store} onOpen={() => open(store)} actions={menu} />}
      paging={{
        total,
        page,
        pageSize,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          writeStored(PAGE_SIZE_KEY, size);
          setPageSize(size);
          setPage(1);
        },
      }}
      onOpen={open}
      rowLabel={(store) => `Open ${store.name}`}
    >
      {dialog && (
        <StoreFormDialog
          mode={dialog.mode}
          {...(dialog.store && { store: dialog.store })}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void stores.reload();
          }}
        />
      )}
    </ResourceList>
  );
}
