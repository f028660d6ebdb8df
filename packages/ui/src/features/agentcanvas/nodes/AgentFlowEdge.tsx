import type { EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import { CurvedEdge } from '../../canvas/edges/CurvedEdge';
import type { AgentEdge } from '../document/types';
import { useAgentCanvasActions } from '../editor/AgentCanvasContext';

/** A v2 edge: coloured like its source, with its label (index, proceed / reject) and a delete button. */
export const AgentFlowEdge = memo(function AgentFlowEdge(props: EdgeProps<AgentEdge>) {
  const actions = useAgentCanvasActions();
  const { data, selected } = props;
  const label = data?.edgeLabel;
  return (
    <CurvedEdge
      edge={props}
      style={{ stroke: data?.sourceColor, strokeWidth: selected ? 3 : 2 }}
      label={
        label !== undefined &&
        label !== '' && (
          <span
            data-testid="edge-label"
            style={{
              fontSize: 11,
              fontWeight: 600,
              padding: '1px 6px',
              borderRadius: 8,
              background: data?.sourceColor ?? '#999',
              color: '#222',
            }}
          >
            {label}
          </span>
        )
      }
      canDelete={!!selected}
      onDelete={() => actions.deleteEdge(props.id)}
    />
  );
});
