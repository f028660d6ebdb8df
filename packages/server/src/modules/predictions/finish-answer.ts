import type { EngineServices, NodeRegistry } from '@flowloom/engine';
import type { ChatTurn } from '@flowloom/shared';
import type { Logger } from '../../runtime.js';
import { followUpQuestions } from '../follow-up/follow-up.js';
import { postProcess } from '../post-processing/post-processing.js';
import type { RunExtras } from './run-extras.js';

/** What an answer looks like once the flow's settings have had their say. */
export interface FinishedAnswer {
  text: string;
  /** Questions suggested after the answer (follow-up prompts), when the flow asks for them. */
  followUpPrompts: string[] | undefined;
}

/** The answer's parts post-processing shows its function besides the text. */
export interface AnswerParts {
  sourceDocuments?: unknown;
  usedTools?: unknown;
  artifacts?: unknown;
  fileAnnotations?: unknown;
}

/** Follow-up prompts as Flowise answers them: the stored JSON text of the list, encoded once more. */
export function followUpField(questions: string[] | undefined): { followUpPrompts?: string } {
  return questions ? { followUpPrompts: JSON.stringify(JSON.stringify(questions)) } : {};
}

/**
 * Applies the flow's post-processing function to the answer text, then asks for follow-up prompts
 * on the result (SHARING.md §2.1); both only when the flow's settings turn them on.
 */
export function createAnswerFinisher(deps: {
  components: NodeRegistry;
  logger: Logger;
  timeoutMs: number | undefined;
  workspaceVars: (workspaceId: string) => Promise<Record<string, string>>;
}) {
  return async function finishAnswer(
    row: { id: string; workspaceId: string },
    extras: RunExtras,
    services: EngineServices,
    run: { question: string; chatId: string; sessionId: string; history: ChatTurn[]; signal: AbortSignal },
    text: string,
    parts: AnswerParts,
  ): Promise<FinishedAnswer> {
    let answer = text;
    if (extras.postProcessing && answer) {
      answer = await postProcess(
        { sandbox: services.sandbox, logger: deps.logger, timeoutMs: deps.timeoutMs },
        extras.postProcessing,
        {
          rawOutput: answer,
          input: run.question,
          chatHistory: run.history,
          chatflowId: row.id,
          sessionId: run.sessionId,
          chatId: run.chatId,
          ...parts,
          vars: await deps.workspaceVars(row.workspaceId),
        },
        run.signal,
      );
    }
    const followUpPrompts = extras.followUp
      ? await followUpQuestions(
          { components: deps.components, logger: deps.logger },
          { flowId: row.id, settings: extras.followUp, answer, services, signal: run.signal },
        )
      : undefined;
    return { text: answer, followUpPrompts };
  };
}
