/** The shape of a failed zod `safeParse` (kept structural so the UI needs no direct zod import). */
export interface FailedParse {
  success: false;
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/**
 * First message per field, keyed by the issue path without a leading wrapper key
 * (`user.email` → `email` when `strip` is `'user'`).
 */
export function fieldErrors(result: FailedParse, strip?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    if (strip !== undefined && path[0] === strip) path.shift();
    const key = path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
