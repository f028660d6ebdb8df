import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useBlocker } from 'react-router';
import type { RootState } from '../../../app/store';
import { useConfirm } from '../../confirm/useConfirm';

/**
 * Asks before leaving a canvas with unsaved changes: in-app navigation goes through a confirm
 * dialog, closing or reloading the tab through the browser's own prompt. The dirty flag is read
 * when the navigation happens, so leaving right after a save is never blocked.
 */
export function useLeaveGuard(): void {
  const store = useStore<RootState>();
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      store.getState().canvas.isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: 'Leave without saving?',
      description: 'This flow has changes that are not saved. They will be lost if you leave.',
      confirmButtonName: 'Leave',
      cancelButtonName: 'Stay',
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!store.getState().canvas.isDirty) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store]);
}
