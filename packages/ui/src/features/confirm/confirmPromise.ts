/** The answer the open confirm dialog is waiting for (one confirm dialog at a time). */
let pending: ((confirmed: boolean) => void) | null = null;

export function awaitConfirmation(): Promise<boolean> {
  // A new question cancels an unanswered one.
  pending?.(false);
  return new Promise<boolean>((resolve) => {
    pending = resolve;
  });
}

export function settleConfirmation(confirmed: boolean): void {
  const resolve = pending;
  pending = null;
  resolve?.(confirmed);
}
