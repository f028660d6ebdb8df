import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { NodeIcon } from '../../features/canvas/nodes/NodeIcon';

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A component an upsert runs or ran, or a store is configured with (a vector store, its embeddings,
 * record manager, loaders, splitters): its icon, label, category and node id, then the settings it
 * has, or "Default settings".
 */
export function ComponentSettingsCard({
  component,
  params,
  heading = 'h4',
}: {
  /** The node id (`openAIEmbeddings_0`) is shown when there is one. */
  component: { id?: string; name: string; label: string; category?: string };
  params: readonly { name: string; label: string; value: unknown }[];
  /** The heading level of the component's label where the card sits. */
  heading?: 'h3' | 'h4';
}) {
  return (
    <Card variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: params.length ? 1 : 0 }}>
        <NodeIcon name={component.name} label={component.label} size={28} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component={heading}>
            {component.label}
          </Typography>
          {component.category && (
            <Typography variant="caption" color="text.secondary">
              {component.category}
            </Typography>
          )}
        </Box>
        {component.id && <Chip size="small" label={component.id} sx={{ fontFamily: 'monospace' }} />}
      </Box>
      {params.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Default settings
        </Typography>
      ) : (
        <Table size="small" aria-label={`${component.label} settings`}>
          <TableBody>
            {params.map((param) => (
              <TableRow key={param.name}>
                <TableCell sx={{ fontWeight: 500, width: '35%' }}>{param.label}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
                  {shown(param.value)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
