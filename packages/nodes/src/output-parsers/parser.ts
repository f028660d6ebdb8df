/** What an output-parser node builds: instructions for the model, and a parser for its answer. */
export interface OutputParserHandle {
  kind: 'outputParser';
  /** Appended to the prompt so the model answers in the expected shape. */
  formatInstructions(): string;
  /** Parses the answer; throws a readable error when it does not fit. */
  parse(text: string): Promise<unknown>;
  /** Ask the model once more with the error when parsing fails ("Autofix"). */
  autofix: boolean;
}

export function isOutputParser(value: unknown): value is OutputParserHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'outputParser';
}
