import type { EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { CanvasEdge } from '../document/types';
import { useCanvasActions } from '../editor/CanvasActionsContext';
import { CurvedEdge } from './CurvedEdge';

/** Flowise's `buttonedge`: a curve with a delete button in the middle. */
export const ButtonEdge = memo(function ButtonEdge(props: EdgeProps<CanvasEdge>) {
  const actions = useCanvasActions();
  return <CurvedEdge edge={props} canDelete onDelete={() => actions.deleteEdge(props.id)} />;
});
