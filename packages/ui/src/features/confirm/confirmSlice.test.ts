import { describe, expect, it } from 'vitest';
import { confirmReducer, hideConfirm, initialConfirm, showConfirm } from './confirmSlice';

describe('confirm slice', () => {
  it('starts hidden with OK and Cancel labels', () => {
    expect(confirmReducer(undefined, { type: 'init' })).toEqual({
      show: false,
      title: '',
      description: '',
      confirmButtonName: 'OK',
      cancelButtonName: 'Cancel',
      customBtnId: '',
    });
  });

  it('opens with a payload, defaulting the button names', () => {
    const state = confirmReducer(initialConfirm, showConfirm({ title: 'Delete', description: 'Sure?' }));
    expect(state).toMatchObject({
      show: true,
      title: 'Delete',
      description: 'Sure?',
      confirmButtonName: 'OK',
      cancelButtonName: 'Cancel',
    });
  });

  it('keeps custom button names and id', () => {
    const state = confirmReducer(
      initialConfirm,
      showConfirm({
        title: 'T',
        description: 'D',
        confirmButtonName: 'Delete',
        cancelButtonName: 'Keep',
        customBtnId: 'btn-x',
      }),
    );
    expect(state).toMatchObject({
      confirmButtonName: 'Delete',
      cancelButtonName: 'Keep',
      customBtnId: 'btn-x',
    });
  });

  it('closes back to the defaults', () => {
    const open = confirmReducer(
      initialConfirm,
      showConfirm({ title: 'T', description: 'D', confirmButtonName: 'Yes' }),
    );
    expect(confirmReducer(open, hideConfirm())).toEqual(initialConfirm);
  });
});
