import { describe, expect, it, vi } from 'vitest';
import { connectNodes } from './connect';
import { addNode } from './editNode';
import { definition } from './fixtures/definitions';
import { FlowStore, HISTORY_LIMIT } from './flowStore';

describe('FlowStore undo and redo', () => {
  it('undoes and redoes document changes in order', () => {
    const onEdit = vi.fn();
    const store = new FlowStore(undefined, onEdit);
    store.update((doc) => addNode(doc, definition('chatOpenAI'), { x: 0, y: 0 }).doc);
    store.update((doc) => addNode(doc, definition('llmChain'), { x: 400, y: 0 }).doc);
    store.update((doc) =>
      connectNodes(doc, {
        source: 'chatOpenAI_0',
        sourceHandle: 'chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable',
        target: 'llmChain_0',
        targetHandle: 'llmChain_0-input-model-BaseLanguageModel',
      }),
    );
    expect(store.getSnapshot().edges).toHaveLength(1);

    store.undo();
    expect(store.getSnapshot().edges).toHaveLength(0);
    expect(store.getSnapshot().nodes[1]!.data.inputs.model).toBe('');
    store.undo();
    expect(store.getSnapshot().nodes.map((n) => n.id)).toEqual(['chatOpenAI_0']);
    expect(store.canRedo).toBe(true);

    store.redo();
    store.redo();
    expect(store.getSnapshot().nodes[1]!.data.inputs.model).toBe('{{chatOpenAI_0.data.instance}}');
    expect(store.canRedo).toBe(false);
    expect(onEdit).toHaveBeenCalledTimes(7);
  });

  it('drops the redo branch on a new change and ignores unrecorded view changes', () => {
    const store = new FlowStore();
    store.update((doc) => addNode(doc, definition('chatOpenAI'), { x: 0, y: 0 }).doc);
    store.undo();
    store.update((doc) => addNode(doc, definition('llmChain'), { x: 0, y: 0 }).doc);
    expect(store.canRedo).toBe(false);
    store.update((doc) => ({ ...doc, nodes: doc.nodes.map((n) => ({ ...n, selected: false })) }), {
      record: false,
      dirty: false,
    });
    store.undo();
    expect(store.getSnapshot().nodes).toEqual([]);
    expect(store.canUndo).toBe(false);
  });

  it('undoes a whole drag at once through a checkpoint', () => {
    const store = new FlowStore();
    store.update((doc) => addNode(doc, definition('chatOpenAI'), { x: 0, y: 0 }).doc);
    store.checkpoint();
    for (const x of [10, 20, 30]) {
      store.update((doc) => ({ ...doc, nodes: doc.nodes.map((n) => ({ ...n, position: { x, y: 0 } })) }), {
        record: false,
      });
    }
    store.undo();
    expect(store.getSnapshot().nodes[0]!.position).toEqual({ x: 0, y: 0 });
  });

  it('keeps a bounded history and notifies subscribers', () => {
    const store = new FlowStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    for (let i = 0; i < HISTORY_LIMIT + 5; i += 1) {
      store.update((doc) => addNode(doc, definition('stickyNote'), { x: i, y: 0 }).doc);
    }
    let undone = 0;
    while (store.canUndo) {
      store.undo();
      undone += 1;
    }
    expect(undone).toBe(HISTORY_LIMIT);
    expect(store.getSnapshot().nodes).toHaveLength(5);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    store.reset({ nodes: [], edges: [] });
    expect(store.canRedo).toBe(false);
  });
});
