import { useCallback } from 'react';
import { useNotify } from '../notifications/useNotify';
import { useConfirm } from './useConfirm';

/**
 * Delete after a confirmation, then say so (or why it failed) and refresh: the delete row action of
 * every list page.
 */
export function useConfirmedDelete() {
  const confirm = useConfirm();
  const notify = useNotify();
  return useCallback(
    async ({
      title,
      description,
      remove,
      done,
      noun,
    }: {
      title: string;
      description: string;
      remove: () => Promise<unknown>;
      /** After a delete (e.g. reload the list). */
      done: () => Promise<unknown> | void;
      /** "Variable": the toasts say "Variable deleted", "Failed to delete variable: …". */
      noun: string;
    }) => {
      if (!(await confirm({ title, description, confirmButtonName: 'Delete' }))) return;
      try {
        await remove();
        notify.success(`${noun} deleted`);
        await done();
      } catch (error) {
        notify.error(error, { prefix: `Failed to delete ${noun.toLowerCase()}: ` });
      }
    },
    [confirm, notify],
  );
}
