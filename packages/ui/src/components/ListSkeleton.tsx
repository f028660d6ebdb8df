import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';

/** Loading placeholder: a grid of card shapes or table rows. */
export function ListSkeleton({
  variant = 'table',
  count = 6,
}: {
  variant?: 'cards' | 'table';
  count?: number;
}) {
  const items = Array.from({ length: count }, (_, i) => i);
  if (variant === 'cards') {
    return (
      <Box
        aria-busy="true"
        aria-label="Loading"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
      >
        {items.map((i) => (
          <Card key={i} sx={{ p: 2.5 }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
              <Skeleton variant="rounded" width={40} height={40} />
              <Skeleton variant="text" width="60%" />
            </Box>
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="40%" />
          </Card>
        ))}
      </Box>
    );
  }
  return (
    <Card aria-busy="true" aria-label="Loading" sx={{ p: 2 }}>
      {items.map((i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.25 }}>
          <Skeleton variant="text" width="25%" />
          <Skeleton variant="text" width="35%" />
          <Skeleton variant="text" width="20%" />
          <Skeleton variant="circular" width={24} height={24} sx={{ ml: 'auto' }} />
        </Box>
      ))}
    </Card>
  );
}
