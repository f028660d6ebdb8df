import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { formatCount, truncate, type DocumentStore } from '@flowloom/shared';
import type { ReactNode } from 'react';
import { LoaderIcons } from './LoaderIcons';
import { DocumentStoreStatus } from './status/DocumentStoreStatus';

/** "3 flows", "1 flow". */
export const flowCount = (store: Pick<DocumentStore, 'whereUsed'>) => {
  const n = store.whereUsed?.length ?? 0;
  return `${n} ${n === 1 ? 'flow' : 'flows'}`;
};

/** A document store in the card grid: name, status, description, use, size and loader types. */
export function StoreCard({
  store,
  onOpen,
  actions,
}: {
  store: DocumentStore;
  onOpen: () => void;
  actions: ReactNode;
}) {
  return (
    <Card
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'box-shadow .2s, border-color .2s',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 8px 24px -12px rgba(91,91,214,0.45)' },
      }}
    >
      <CardActionArea
        onClick={onOpen}
        aria-label={`Open ${store.name}`}
        sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 4, minWidth: 0 }}>
          <Typography variant="h5" noWrap title={store.name} sx={{ minWidth: 0 }}>
            {store.name}
          </Typography>
        </Box>
        <Box sx={{ mt: 1 }}>
          <DocumentStoreStatus status={store.status} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, minHeight: 40, flex: 1 }}>
          {store.description ? truncate(store.description, 140) : ''}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            mt: 1.5,
            color: 'text.secondary',
            fontSize: 13,
          }}
        >
          <span>{flowCount(store)}</span>
          <span>{formatCount(store.totalChars)} chars</span>
          <span>{formatCount(store.totalChunks)} chunks</span>
        </Box>
        <Box sx={{ mt: 1.5, minHeight: 26 }}>
          <LoaderIcons loaders={store.loaders ?? []} />
        </Box>
      </CardActionArea>
      <Box sx={{ position: 'absolute', top: 12, right: 8 }}>{actions}</Box>
    </Card>
  );
}
