import type { CanvasNodeData, RichParam } from '../document/types';

/** How an `array` input changed: which item was removed or whether one was added at the end. */
export interface ArrayChange {
  removedIndex?: number;
  added?: boolean;
}

/**
 * What every input editor receives. `onChange` commits a value to the flow document; `array`
 * editors also say which item went or came (canvases whose outputs follow the items need it).
 */
export interface ParamEditorProps {
  param: RichParam;
  value: unknown;
  onChange: (value: unknown, change?: ArrayChange) => void;
  /** The node being edited (async option loaders send its inputs and credential). */
  node: CanvasNodeData;
  /** Writes several inputs at once (tabs store their choice next to the children's values). */
  setInputs: (values: Record<string, unknown>) => void;
  /** Accessible name of the field. */
  label: string;
}

/** Text form of a stored input value. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}
