import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Chatflow, CredentialDefinition, NodeDefinition } from '@flowloom/shared';

/** A node type as the server lists it for the canvas palette (`GET /api/v1/nodes`). */
export type ComponentNode = NodeDefinition;

/** Document-level canvas state (SPEC §3); view state (viewport, selection) lives in the canvas. */
export interface CanvasState {
  isDirty: boolean;
  chatflow: Chatflow | null;
  canvasDialogShow: boolean;
  componentNodes: ComponentNode[];
  componentCredentials: CredentialDefinition[];
}

export const initialCanvas: CanvasState = {
  isDirty: false,
  chatflow: null,
  canvasDialogShow: false,
  componentNodes: [],
  componentCredentials: [],
};

const canvasSlice = createSlice({
  name: 'canvas',
  initialState: initialCanvas,
  reducers: {
    /** Set on any change to the flow. */
    setDirty(state) {
      state.isDirty = true;
    },
    /** Cleared on save. */
    removeDirty(state) {
      state.isDirty = false;
    },
    setChatflow(state, action: PayloadAction<Chatflow | null>) {
      state.chatflow = action.payload;
    },
    showCanvasDialog(state) {
      state.canvasDialogShow = true;
    },
    hideCanvasDialog(state) {
      state.canvasDialogShow = false;
    },
    setComponentNodes(state, action: PayloadAction<ComponentNode[]>) {
      state.componentNodes = action.payload;
    },
    setComponentCredentials(state, action: PayloadAction<CredentialDefinition[]>) {
      state.componentCredentials = action.payload;
    },
  },
});

export const {
  setDirty,
  removeDirty,
  setChatflow,
  showCanvasDialog,
  hideCanvasDialog,
  setComponentNodes,
  setComponentCredentials,
} = canvasSlice.actions;
export const canvasReducer = canvasSlice.reducer;
