import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { PageContainer } from '../../components/PageContainer';

/**
 * What a store page shows before it has its data: a skeleton while loading, or the server's
 * reason (a store that does not exist, no access) with a way back and a retry.
 */
export function StorePageState({
  query,
  what = 'This document store',
}: {
  query: { loading: boolean; error: unknown; reload: () => Promise<void> };
  what?: string;
}) {
  const navigate = useNavigate();
  if (query.error === undefined)
    return (
      <PageContainer>
        <ListSkeleton variant="table" />
      </PageContainer>
    );
  return (
    <PageContainer>
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={`${what} could not be loaded`}
        description={errorMessage(query.error)}
        action={
          <>
            <Button onClick={() => void navigate('/document-stores')}>Back to Document Stores</Button>
            <Button onClick={() => void query.reload()} disabled={query.loading}>
              Try again
            </Button>
          </>
        }
      />
    </PageContainer>
  );
}
