import type { CodeSandbox } from '@flowloom/engine';

/**
 * Compiles user code in the sandbox as the body of an async function, as a run would, without
 * running it; answers the syntax error with its place in the user's code (the compiled function
 * adds two lines above it).
 */
const CHECK = `const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
try {
  new AsyncFunction(source);
  return null;
} catch (error) {
  const place = /<input>:(\\d+):(\\d+)/.exec(String(error.stack));
  return { message: String(error.message), line: place ? Number(place[1]) - 2 : 0, column: place ? Number(place[2]) : 0 };
}`;

/** The syntax error of `code` ("on line 3, column 7: unexpected token…"), or undefined when it compiles. */
export async function syntaxErrorOf(sandbox: CodeSandbox, code: string): Promise<string | undefined> {
  const found = (await sandbox.run(CHECK, { source: code }, { timeoutMs: 5_000 })) as {
    message: string;
    line: number;
    column: number;
  } | null;
  if (!found) return undefined;
  if (found.line <= 0) return found.message;
  // Code that ends too early is reported on the wrapper's closing line, past the user's last one.
  if (found.line > code.split('\n').length) return `at the end of the code: ${found.message}`;
  return `on line ${found.line}, column ${found.column}: ${found.message}`;
}
