import { describe, expect, it } from 'vitest';
import type { Chatflow, NodeDefinition } from '@flowloom/shared';
import {
  canvasReducer,
  hideCanvasDialog,
  initialCanvas,
  removeDirty,
  setChatflow,
  setComponentCredentials,
  setComponentNodes,
  setDirty,
  showCanvasDialog,
} from './canvasSlice';

describe('canvas slice', () => {
  it('starts clean and empty', () => {
    expect(canvasReducer(undefined, { type: 'init' })).toEqual({
      isDirty: false,
      chatflow: null,
      canvasDialogShow: false,
      componentNodes: [],
      componentCredentials: [],
    });
  });

  it('sets the dirty flag on change and clears it on save', () => {
    const dirty = canvasReducer(initialCanvas, setDirty());
    expect(dirty.isDirty).toBe(true);
    expect(canvasReducer(dirty, removeDirty()).isDirty).toBe(false);
  });

  it('stores the chatflow, component nodes and credentials', () => {
    const flow = { id: 'f1', name: 'Flow' } as Chatflow;
    let state = canvasReducer(initialCanvas, setChatflow(flow));
    expect(state.chatflow).toBe(flow);
    state = canvasReducer(
      state,
      setComponentNodes([{ name: 'chatOpenAI', label: 'ChatOpenAI' } as NodeDefinition]),
    );
    expect(state.componentNodes).toHaveLength(1);
    state = canvasReducer(
      state,
      setComponentCredentials([{ label: 'OpenAI', name: 'openAIApi', version: 1, inputs: [] }]),
    );
    expect(state.componentCredentials[0]?.name).toBe('openAIApi');
  });

  it('shows and hides the canvas dialog', () => {
    const shown = canvasReducer(initialCanvas, showCanvasDialog());
    expect(shown.canvasDialogShow).toBe(true);
    expect(canvasReducer(shown, hideCanvasDialog()).canvasDialogShow).toBe(false);
  });
});
