/** A similarity score as a percentage: 0.8734 → "87.3%". */
export function scoreText(score: number): string {
  const percent = Math.round(Math.max(-1, Math.min(1, score)) * 1000) / 10;
  return `${percent}%`;
}

/** A failed query's message without Flowise's service prefix. */
export function queryErrorText(message: string): string {
  return message.replace(/^(Error:\s*)?documentStoreServices\.queryVectorStore\s*-\s*/, '');
}
