import {
  conditionOutputAnchors,
  conditionOutputsFromCode,
  conditionOutputsFromItems,
  removeOrphanEdges,
  validateConditionCode,
  validateStructuredCondition,
  type ConditionItem,
} from '@flowloom/shared';
import { removeEdges } from './removeElements';
import type { CanvasNode, CanvasNodeData, FlowDocument, RichParam } from './types';

/**
 * The `conditionFunction` input of the sequential-agent condition nodes (`seqCondition`,
 * `seqConditionAgent`): two tabs, a table of conditions (`datagrid`, stored as JSON text under
 * the tab's name, `conditionUI`) and code (`code`, stored under its name, `conditionFunction`).
 * The chosen tab's name is stored under `<tabIdentifier>_<nodeId>`, as in Flowise.
 */
export interface ConditionLayout {
  /** `<tabIdentifier>_<nodeId>`, e.g. `selectedConditionFunctionTab_seqCondition_0`. */
  tabKey: string;
  /** The table tab (`conditionUI`), if the node has one. */
  table?: RichParam;
  /** The code tab (`conditionFunction`), if the node has one. */
  code?: RichParam;
  /** Whichever of the two comes first: chosen while nothing is stored. */
  first: ConditionMode;
}

export type ConditionMode = 'table' | 'code';

/** One row of the condition table, as Flowise stores it (extra fields are kept as they are). */
export interface ConditionRow extends ConditionItem {
  value?: string;
  actions?: string;
  id?: number | string;
  [field: string]: unknown;
}

/** A condition as edited: the chosen mode and both tabs' contents. */
export interface ConditionDraft {
  mode: ConditionMode;
  rows: ConditionRow[];
  code: string;
}

/** The operations Flowise offers for sequential-agent conditions (used if a file lists none). */
export const CONDITION_OPERATIONS = [
  'Contains',
  'Not Contains',
  'Start With',
  'End With',
  'Is',
  'Is Not',
  'Is Empty',
  'Is Not Empty',
  'Greater Than',
  'Less Than',
  'Equal To',
  'Not Equal To',
  'Greater Than or Equal To',
  'Less Than or Equal To',
];

/** The node's `conditionFunction` input, if it has one. */
export function conditionParam(data: CanvasNodeData): RichParam | undefined {
  return (data.inputParams as RichParam[]).find((param) => param.type === 'conditionFunction');
}

/** Where a condition node keeps its condition; undefined for other nodes. */
export function conditionLayout(
  data: CanvasNodeData,
  param = conditionParam(data),
): ConditionLayout | undefined {
  if (!param) return undefined;
  const tabs = param.tabs ?? [];
  const table = tabs.find((tab) => tab.type === 'datagrid');
  const code = tabs.find((tab) => tab.type === 'code');
  if (!table && !code) return undefined;
  const firstTab = tabs.find((tab) => tab === table || tab === code);
  return {
    tabKey: `${param.tabIdentifier ?? param.name}_${data.id}`,
    ...(table && { table }),
    ...(code && { code }),
    first: firstTab === table ? 'table' : 'code',
  };
}

/** Rows of the stored table: JSON text in Flowise files (an array is accepted too). */
export function parseConditionRows(value: unknown): ConditionRow[] {
  let rows: unknown = value;
  if (typeof value === 'string') {
    try {
      rows = value.trim() ? JSON.parse(value) : [];
    } catch {
      rows = [];
    }
  }
  if (!Array.isArray(rows)) return [];
  return rows.filter((row): row is ConditionRow => !!row && typeof row === 'object' && !Array.isArray(row));
}

/** The stored condition of a node, ready to edit. */
export function readCondition(data: CanvasNodeData, layout: ConditionLayout): ConditionDraft {
  const chosen = data.inputs[layout.tabKey];
  let mode = layout.first;
  if (layout.table && chosen === layout.table.name) mode = 'table';
  else if (layout.code && chosen === layout.code.name) mode = 'code';
  const code = layout.code ? data.inputs[layout.code.name] : undefined;
  return {
    mode,
    rows: layout.table ? parseConditionRows(data.inputs[layout.table.name]) : [],
    code: typeof code === 'string' ? code : '',
  };
}

/**
 * The input values that store `draft`: the chosen tab's name and each tab's content that changed
 * from what `data` holds (the table as compact JSON text, as Flowise writes it).
 */
export function conditionInputs(
  data: CanvasNodeData,
  layout: ConditionLayout,
  draft: ConditionDraft,
): Record<string, unknown> {
  const tab = draft.mode === 'table' ? layout.table : layout.code;
  const values: Record<string, unknown> = { [layout.tabKey]: tab?.name ?? '' };
  const stored = readCondition(data, layout);
  if (layout.table && JSON.stringify(stored.rows) !== JSON.stringify(draft.rows)) {
    values[layout.table.name] = JSON.stringify(draft.rows);
  }
  if (layout.code && stored.code !== draft.code) values[layout.code.name] = draft.code;
  return values;
}

/** A new, empty table row in the Flowise shape, with the next free id. */
export function newConditionRow(rows: readonly ConditionRow[]): ConditionRow {
  const ids = rows.map((row) => Number(row.id)).filter((id) => Number.isFinite(id));
  const id = ids.length > 0 ? Math.max(...ids) + 1 : 0;
  return { variable: '', operation: '', value: '', output: '', actions: '', id };
}

/** Output names of a condition (SPEC §4): the returned literals, or the items' outputs and `End`. */
export function conditionOutputNames(draft: ConditionDraft): string[] {
  return draft.mode === 'table'
    ? conditionOutputsFromItems(draft.rows)
    : conditionOutputsFromCode(draft.code);
}

/** The alert that stops `draft` from being saved (SPEC §5), or null. */
export function conditionAlert(draft: ConditionDraft): string | null {
  return draft.mode === 'table' ? validateStructuredCondition(draft.rows) : validateConditionCode(draft.code);
}

/** The first condition node of the flow whose stored condition cannot be saved, with its alert. */
export function findConditionProblem(doc: FlowDocument): { node: CanvasNode; alert: string } | undefined {
  for (const node of doc.nodes) {
    const layout = conditionLayout(node.data);
    if (!layout) continue;
    const alert = conditionAlert(readCondition(node.data, layout));
    if (alert) return { node, alert };
  }
  return undefined;
}

/**
 * Makes a condition node's outputs follow its stored condition (SPEC §4): one handle per output
 * name, in the Flowise format, and the edges leaving from handles that no longer exist removed
 * (the inputs they filled cleared). Outputs already offering exactly those handles are left as
 * they are (Flowise files list them sorted); so is a condition that cannot be saved, whose
 * outputs are unknown. Other nodes leave the document unchanged.
 */
export function syncConditionOutputs(doc: FlowDocument, nodeId: string): FlowDocument {
  const node = doc.nodes.find((item) => item.id === nodeId);
  const layout = node && conditionLayout(node.data);
  if (!node || !layout) return doc;
  const draft = readCondition(node.data, layout);
  if (conditionAlert(draft)) return doc;
  const outputAnchors = conditionOutputAnchors(nodeId, conditionOutputNames(draft));
  const handles = outputAnchors.flatMap((anchor) => (anchor.options ?? []).map((option) => option.id));
  const current = node.data.outputAnchors.flatMap((anchor) =>
    (anchor.options ?? []).map((option) => option.id),
  );
  if (current.length === handles.length && handles.every((id) => current.includes(id))) return doc;
  const kept = new Set(removeOrphanEdges(doc.edges, nodeId, handles));
  const stale = doc.edges.filter((edge) => !kept.has(edge)).map((edge) => edge.id);
  const withOutputs: FlowDocument = {
    ...doc,
    nodes: doc.nodes.map((item) =>
      item === node ? { ...item, data: { ...item.data, outputAnchors } } : item,
    ),
  };
  return removeEdges(withOutputs, stale);
}

/** A one-line description of a condition for the node card. */
export function conditionSummary(draft: ConditionDraft): string {
  const names = conditionOutputNames(draft);
  if (draft.mode === 'table') {
    const count = draft.rows.length;
    return count === 0 ? 'Table: no conditions yet' : `Table: ${count} condition${count === 1 ? '' : 's'}`;
  }
  return names.length === 0 ? 'Code: no return yet' : `Code: returns ${names.join(', ')}`;
}

/** The card summary of a node's condition input, or undefined when it is not a tabbed condition. */
export function conditionSummaryOf(data: CanvasNodeData, param: RichParam): string | undefined {
  const layout = conditionLayout(data, param);
  return layout && conditionSummary(readCondition(data, layout));
}
