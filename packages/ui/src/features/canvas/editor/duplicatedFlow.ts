/**
 * "Duplicate" hands the saved flow JSON to a new canvas tab through localStorage under this key
 * (Flowise's name); the new canvas takes it once, unsaved, and removes it.
 */
export const DUPLICATED_FLOW_KEY = 'duplicatedFlowData';

/** The flow JSON waiting for a new canvas, taken (removed) so only one tab opens it. */
export function takeDuplicatedFlow(): string | null {
  try {
    const text = localStorage.getItem(DUPLICATED_FLOW_KEY);
    if (text !== null) localStorage.removeItem(DUPLICATED_FLOW_KEY);
    return text;
  } catch {
    return null;
  }
}
