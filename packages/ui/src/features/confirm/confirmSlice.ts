import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ConfirmPayload {
  title: string;
  description: string;
  /** Default "OK". */
  confirmButtonName?: string;
  /** Default "Cancel". */
  cancelButtonName?: string;
  /** Optional id put on the confirm button (tests and tours find it by id). */
  customBtnId?: string;
}

export interface ConfirmState {
  show: boolean;
  title: string;
  description: string;
  confirmButtonName: string;
  cancelButtonName: string;
  customBtnId: string;
}

export const initialConfirm: ConfirmState = {
  show: false,
  title: '',
  description: '',
  confirmButtonName: 'OK',
  cancelButtonName: 'Cancel',
  customBtnId: '',
};

const confirmSlice = createSlice({
  name: 'confirm',
  initialState: initialConfirm,
  reducers: {
    showConfirm(_state, action: PayloadAction<ConfirmPayload>) {
      const p = action.payload;
      return {
        show: true,
        title: p.title,
        description: p.description,
        confirmButtonName: p.confirmButtonName || initialConfirm.confirmButtonName,
        cancelButtonName: p.cancelButtonName || initialConfirm.cancelButtonName,
        customBtnId: p.customBtnId ?? '',
      };
    },
    hideConfirm() {
      return initialConfirm;
    },
  },
});

export const { showConfirm, hideConfirm } = confirmSlice.actions;
export const confirmReducer = confirmSlice.reducer;
