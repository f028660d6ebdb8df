import { useCallback } from 'react';
import { useAppDispatch } from '../../app/useAppDispatch';
import { awaitConfirmation } from './confirmPromise';
import { showConfirm, type ConfirmPayload } from './confirmSlice';

/** `const confirm = useConfirm(); if (await confirm({title, description})) …` */
export function useConfirm(): (payload: ConfirmPayload) => Promise<boolean> {
  const dispatch = useAppDispatch();
  return useCallback(
    (payload: ConfirmPayload) => {
      const answer = awaitConfirmation();
      dispatch(showConfirm(payload));
      return answer;
    },
    [dispatch],
  );
}
