import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DocumentStoreLoader } from '@flowloom/shared';
import { NodeIcon } from '../canvas/nodes/NodeIcon';

/** The loader types of a store as icons: the first three, then "+ N More". */
export function LoaderIcons({
  loaders,
  size = 26,
}: {
  loaders: readonly DocumentStoreLoader[];
  size?: number;
}) {
  const kinds = [...new Map(loaders.map((loader) => [loader.loaderId, loader])).values()];
  if (kinds.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {kinds.slice(0, 3).map((loader) => (
        <Box key={loader.loaderId} title={loader.loaderName} sx={{ display: 'inline-flex' }}>
          <NodeIcon name={loader.loaderId} label={loader.loaderName} size={size} />
        </Box>
      ))}
      {kinds.length > 3 && (
        <Typography variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          + {kinds.length - 3} More
        </Typography>
      )}
    </Box>
  );
}
