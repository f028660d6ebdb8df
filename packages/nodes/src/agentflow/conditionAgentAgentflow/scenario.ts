/** The JSON object in a model reply: plain, in a ```json fence, or between the first `{` and last `}`. */
export function parseJsonReply(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed)?.[1];
  const candidates = [trimmed, fenced, trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1)];
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next shape
    }
  }
  throw new Error(`Failed to parse a valid scenario from the model's reply: ${trimmed.slice(0, 200)}`);
}

/**
 * The scenario a reply names: exact match, then case-insensitive, then a scenario starting with the
 * reply (or the reply starting with it), then either containing the other; otherwise the last
 * scenario, which acts as the default.
 */
export function matchScenario(reply: string, scenarios: string[]): number {
  const wanted = reply.trim();
  const lower = wanted.toLowerCase();
  const normalized = scenarios.map((s) => s.trim().toLowerCase());
  const tests: ((s: string, i: number) => boolean)[] = [
    (_s, i) => scenarios[i]!.trim() === wanted,
    (s) => s === lower,
    (s) => lower !== '' && (s.startsWith(lower) || lower.startsWith(s)),
    (s) => lower !== '' && s !== '' && (s.includes(lower) || lower.includes(s)),
  ];
  for (const test of tests) {
    const index = normalized.findIndex(test);
    if (index >= 0) return index;
  }
  return scenarios.length - 1;
}
