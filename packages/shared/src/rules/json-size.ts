/**
 * Whether a parsed JSON value would take at most `maxChars` characters as JSON text. Walks without
 * recursion and stops as soon as the limit is passed, so checking a huge or deeply nested value
 * costs no more than the part of it within the limit (and can never overflow the stack). The count
 * is close to `JSON.stringify(value).length`: strings count their characters plus quotes, escapes
 * are not counted.
 */
export function jsonSizeWithin(value: unknown, maxChars: number): boolean {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (Array.isArray(item)) {
      size += 1 + Math.max(1, item.length);
      for (let i = 0; i < item.length; i++) pending.push(item[i]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      size += 1 + Math.max(1, entries.length);
      for (const [key, child] of entries) {
        size += key.length + 3;
        pending.push(child);
      }
    } else size += String(item).length;
    if (size > maxChars) return false;
  }
  return true;
}
