import type { CanvasNodeData, RichParam } from '../document/types';

/** What every input editor receives. `onChange` commits a value to the flow document. */
export interface ParamEditorProps {
  param: RichParam;
  value: unknown;
  onChange: (value: unknown) => void;
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
