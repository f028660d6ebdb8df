import type { FlowDocument } from './types';

/** How a change is treated: recorded for undo, and whether it marks the flow as changed. */
export interface ChangeOptions {
  /** Push the previous document on the undo stack (default true). */
  record?: boolean;
  /** The change edits the flow, not only the view (selection, measured size). Default true. */
  dirty?: boolean;
}

export const HISTORY_LIMIT = 100;

const EMPTY: FlowDocument = { nodes: [], edges: [] };

/** Any document the store can hold: the chatflow canvas's, or another canvas's (agentflow v2). */
export interface AnyFlowDocument {
  nodes: readonly unknown[];
  edges: readonly unknown[];
}

/**
 * The flow document with undo and redo, outside React so that the canvas subscribes to it
 * (`useSyncExternalStore`) and tests drive it directly. Documents are immutable: each change
 * produces a new one, so history entries share everything that did not change.
 */
export class FlowStore<D extends AnyFlowDocument = FlowDocument> {
  private doc: D;
  private past: D[] = [];
  private future: D[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    initial?: NoInfer<D>,
    /** Called after every change that edits the flow (the canvas marks itself dirty). */
    private readonly onEdit: () => void = () => undefined,
  ) {
    this.doc = initial ?? (EMPTY as unknown as D);
  }

  readonly getSnapshot = (): D => this.doc;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Applies a change; a change that returns the same document does nothing. */
  update(change: (doc: D) => D, { record = true, dirty = true }: ChangeOptions = {}) {
    const next = change(this.doc);
    if (next === this.doc) return;
    if (record) this.pushPast(this.doc);
    this.doc = next;
    if (dirty) this.onEdit();
    this.emit();
  }

  /**
   * Records `previous` (default: the current document) as an undo step without changing the
   * document: a drag keeps the document it started from, moves nodes with `record: false`, and
   * records the start when it ends, so the whole drag undoes at once.
   */
  checkpoint(previous: D = this.doc): void {
    this.pushPast(previous);
    this.emit();
  }

  undo(): void {
    const previous = this.past.pop();
    if (!previous) return;
    this.future.push(this.doc);
    this.doc = previous;
    this.onEdit();
    this.emit();
  }

  redo(): void {
    const next = this.future.pop();
    if (!next) return;
    this.past.push(this.doc);
    this.doc = next;
    this.onEdit();
    this.emit();
  }

  /** Replaces the document and forgets the history (a flow was opened). */
  reset(doc: D): void {
    this.doc = doc;
    this.past = [];
    this.future = [];
    this.emit();
  }

  private pushPast(doc: D): void {
    this.past.push(doc);
    if (this.past.length > HISTORY_LIMIT) this.past.shift();
    this.future = [];
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
