import type { CodeSandbox } from '@flowloom/engine';
import type { ChatTurn } from '@flowloom/shared';
import type { Logger } from '../../runtime.js';

/**
 * Post-processing (SHARING.md §2.1, `chatbotConfig.postProcessing`): the builder's function runs in
 * the QuickJS sandbox on the final answer and its result replaces the answer. The function sees
 * Flowise's variables: `$flow.rawOutput`, `$flow.input`, `$flow.chatHistory`, `$flow.chatflowId`,
 * `$flow.sessionId`, `$flow.chatId`, `$flow.sourceDocuments`, `$flow.usedTools`, `$flow.artifacts`,
 * `$flow.fileAnnotations`, plus `$input` and `$vars`.
 */

/** Default time a post-processing function may take; the sandbox's memory and output limits apply too. */
export const POST_PROCESSING_TIMEOUT_MS = 5_000;

/** The function source when post-processing is on, else undefined. The UI stores it JSON-encoded. */
export function postProcessingSource(chatbotConfig: unknown): string | undefined {
  if (typeof chatbotConfig !== 'object' || chatbotConfig === null) return undefined;
  const settings = (chatbotConfig as { postProcessing?: { enabled?: unknown; customFunction?: unknown } })
    .postProcessing;
  if (settings?.enabled !== true || typeof settings.customFunction !== 'string') return undefined;
  let source: unknown = settings.customFunction;
  try {
    source = JSON.parse(settings.customFunction);
  } catch {
    // stored as plain source (written by an API client): used as it is
  }
  return typeof source === 'string' && source.trim() ? source : undefined;
}

export interface PostProcessingRun {
  rawOutput: string;
  input: string;
  chatHistory: ChatTurn[];
  chatflowId: string;
  sessionId: string;
  chatId: string;
  sourceDocuments?: unknown;
  usedTools?: unknown;
  artifacts?: unknown;
  fileAnnotations?: unknown;
  vars: Record<string, string>;
}

/** An answer as stored and shown: text as it is, objects as a fenced JSON block. */
function answerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

/**
 * Runs the function and returns the new answer. A function that throws, runs past its time or
 * exceeds the sandbox's limits leaves the answer as it was (as Flowise does); the failure is logged
 * for the operator with the flow id, never the answer text.
 */
export async function postProcess(
  deps: { sandbox: CodeSandbox; logger: Logger; timeoutMs?: number },
  source: string,
  run: PostProcessingRun,
  signal?: AbortSignal,
): Promise<string> {
  const { vars, ...flow } = run;
  try {
    const value = await deps.sandbox.run(
      source,
      {
        $flow: {
          ...flow,
          chatHistory: flow.chatHistory.map((turn) => ({ ...turn })),
        },
        $input: run.input,
        $vars: vars,
      },
      { timeoutMs: deps.timeoutMs ?? POST_PROCESSING_TIMEOUT_MS, ...(signal && { signal }) },
    );
    return answerText(value);
  } catch (error) {
    deps.logger.warn(
      { flowId: run.chatflowId, err: error instanceof Error ? error.message : String(error) },
      'post-processing failed; the answer is kept as it was',
    );
    return run.rawOutput;
  }
}
