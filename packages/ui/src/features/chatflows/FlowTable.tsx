import { ActionsCell, ActionsHeaderCell } from '../../components/RowActions';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Chatflow } from '@flowloom/shared';
import type { ReactNode } from 'react';
import { formatDate } from '../../components/formatDate';
import { flowNodeLabels } from './flowKinds';

/** The `;`-separated categories of a flow. */
const categories = (flow: Chatflow) =>
  (flow.category ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);

/** Flows as a table: name, category, nodes, last modified, actions. */
export function FlowTable({
  flows,
  onOpen,
  actions,
}: {
  flows: Chatflow[];
  onOpen: (flow: Chatflow) => void;
  actions: (flow: Chatflow) => ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Flows" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Category</TableCell>
            <TableCell>Nodes</TableCell>
            <TableCell>Last Modified</TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {flows.map((flow) => (
            <TableRow key={flow.id} hover>
              <TableCell>
                <Link
                  component="button"
                  underline="hover"
                  onClick={() => onOpen(flow)}
                  sx={{ fontWeight: 600, textAlign: 'left' }}
                >
                  {flow.name}
                </Link>
              </TableCell>
              <TableCell>
                {categories(flow).length > 0
                  ? categories(flow).map((c) => (
                      <Chip key={c} label={c} size="small" variant="outlined" sx={{ mr: 0.5 }} />
                    ))
                  : '—'}
              </TableCell>
              <TableCell>{flowNodeLabels(flow.flowData).length}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(flow.updatedDate)}</TableCell>
              <ActionsCell>{actions(flow)}</ActionsCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
