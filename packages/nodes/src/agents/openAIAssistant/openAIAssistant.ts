import { setMaxListeners } from 'node:events';
import type { FileAnnotation, NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import type { UsedTool } from '@flowloom/shared';
import type OpenAI from 'openai';
import { z } from 'zod';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { moderate } from '../../moderation/moderation.js';
import { splitToolOutput, toolList, type ToolHandle } from '../../tools/tool.js';
import { badgeIcon } from '../../utilities/icons.js';
import { assistantsClient, assistantsErrorMessage } from './assistants-client.js';
import { ChatFileKeeper } from './chat-files.js';

/** How long one answer may take, tool calls included. */
const RUN_TIMEOUT_MS = 300_000;
/** Tool rounds one answer may take before the run is stopped. */
const MAX_TOOL_ROUNDS = 10;
/** How long a question waits for an earlier run of its thread to finish before cancelling it. */
const SETTLE_TIMEOUT_MS = 30_000;
/** Most bytes of one tool output sent to the assistant (OpenAI takes up to 512 KB). */
const MAX_TOOL_OUTPUT_BYTES = 500_000;

const ACTIVE_RUN = new Set(['queued', 'in_progress', 'requires_action', 'cancelling']);
/** OpenAI's citation markers, such as 【4:0†source】: removed from the text people read. */
const CITATION_MARKERS = /【[^】]*】/g;

type Client = OpenAI;
type RunEvent = OpenAI.Beta.Assistants.AssistantStreamEvent;
type FunctionTool = OpenAI.Beta.Assistants.FunctionTool;
type AssistantTool = OpenAI.Beta.Assistants.AssistantTool;

/** The assistant's settings as stored with it: its id at OpenAI is what the node needs. */
function openAiIdOf(details: string): string | undefined {
  try {
    const parsed = JSON.parse(details) as { id?: unknown };
    return typeof parsed.id === 'string' && parsed.id ? parsed.id : undefined;
  } catch {
    return undefined;
  }
}

function jsonSchemaOf(tool: ToolHandle): Record<string, unknown> {
  const schema =
    '~standard' in tool.inputSchema
      ? (z.toJSONSchema(tool.inputSchema, { unrepresentable: 'any' }) as Record<string, unknown>)
      : (tool.inputSchema as Record<string, unknown>);
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

function functionTool(tool: ToolHandle): FunctionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: jsonSchemaOf(tool) },
  };
}

/** `text` cut to at most `bytes` of UTF-8, never inside a character. */
function withinBytes(text: string, bytes: number): string {
  const encoded = new TextEncoder().encode(text);
  if (encoded.length <= bytes) return text;
  return new TextDecoder().decode(encoded.slice(0, bytes)).replace(/\uFFFD$/, '');
}

/** What the tool choice input says, in the run's terms (Flowise: a keyword or a tool's name). */
function toolChoiceOf(value: unknown): OpenAI.Beta.Threads.AssistantToolChoiceOption | undefined {
  const choice = stringInput(value)?.trim();
  if (!choice) return undefined;
  if (choice === 'none' || choice === 'auto' || choice === 'required') return choice;
  if (choice === 'file_search' || choice === 'code_interpreter') return { type: choice };
  return { type: 'function', function: { name: choice } };
}

/**
 * The tools of this run: the assistant's own code interpreter and file search, and the connected
 * tools as functions. They are given to the run, not written into the assistant, so flows using the
 * same assistant with other tools do not see each other's.
 */
async function runToolsOf(
  client: Client,
  assistantId: string,
  tools: ToolHandle[],
  signal: AbortSignal,
): Promise<AssistantTool[]> {
  const assistant = await client.beta.assistants.retrieve(assistantId, { signal });
  return [...assistant.tools.filter((tool) => tool.type !== 'function'), ...tools.map(functionTool)];
}

/**
 * The chat's thread: the session the chat's last answer was stored under (an assistant's thread id),
 * a session id the caller gave that is a thread id, else a new thread.
 */
async function threadFor(ctx: NodeContext, client: Client, signal: AbortSignal): Promise<string> {
  const { run } = ctx;
  const known = run.sessionId.startsWith('thread_')
    ? run.sessionId
    : await run.services.chatHistory.sessionOf?.(run.flowId, run.chatId);
  if (known?.startsWith('thread_')) {
    try {
      const thread = await client.beta.threads.retrieve(known, { signal });
      await settleRuns(client, thread.id, signal);
      return thread.id;
    } catch (error) {
      // A thread deleted at OpenAI (or by clearing the chat) starts over; anything else is an error.
      if ((error as { status?: unknown }).status !== 404) throw error;
    }
  }
  return (await client.beta.threads.create({}, { signal })).id;
}

/**
 * Waits for a run still going on the thread (another question of the same chat) to finish, up to
 * {@link SETTLE_TIMEOUT_MS}; a run waiting for tool outputs nobody will send (its request is gone),
 * or one still going after that, is cancelled so the new question can start.
 */
async function settleRuns(client: Client, threadId: string, signal: AbortSignal) {
  const runs = await client.beta.threads.runs.list(threadId, { limit: 1 }, { signal });
  let latest = runs.data[0];
  if (!latest || !ACTIVE_RUN.has(latest.status)) return;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (latest.status !== 'requires_action' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    latest = await client.beta.threads.runs.retrieve(latest.id, { thread_id: threadId }, { signal });
    if (!ACTIVE_RUN.has(latest.status)) return;
  }
  if (latest.status !== 'cancelling')
    await client.beta.threads.runs.cancel(latest.id, { thread_id: threadId }, { signal });
  const stopBy = Date.now() + 10_000;
  while (Date.now() < stopBy) {
    const current = await client.beta.threads.runs.retrieve(latest.id, { thread_id: threadId }, { signal });
    if (!ACTIVE_RUN.has(current.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`an earlier run (${latest.id}) of this chat's thread is still going; try again shortly`);
}

/** Calls the tools the run asks for; each output (or its failure) goes back to the assistant. */
async function callTools(
  calls: OpenAI.Beta.Threads.RequiredActionFunctionToolCall[],
  tools: ToolHandle[],
  signal: AbortSignal,
  usedTools: UsedTool[],
): Promise<OpenAI.Beta.Threads.RunSubmitToolOutputsParams.ToolOutput[]> {
  const outputs = [];
  for (const call of calls) {
    const tool = tools.find((candidate) => candidate.name === call.function.name);
    let args: Record<string, unknown> = {};
    let output: string;
    let failure: string | undefined;
    try {
      if (!tool) throw new Error(`there is no tool named "${call.function.name}" connected`);
      const parsed = JSON.parse(call.function.arguments || '{}') as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('the arguments must be a JSON object');
      args = parsed as Record<string, unknown>;
      if ('~standard' in tool.inputSchema) {
        const checked = tool.inputSchema.safeParse(args);
        if (!checked.success)
          throw new Error(`the arguments do not match its schema: ${z.prettifyError(checked.error)}`);
      }
      output = await tool.invoke(args, { signal, toolCallId: call.id });
    } catch (error) {
      if (signal.aborted) throw error;
      failure = error instanceof Error ? error.message : String(error);
      output = `Error: ${failure}`;
    }
    const { content, sourceDocuments } = splitToolOutput(output);
    usedTools.push({
      tool: call.function.name,
      toolInput: args,
      toolOutput: content,
      ...(sourceDocuments && { sourceDocuments }),
      ...(failure && { error: failure }),
    });
    outputs.push({ tool_call_id: call.id, output: withinBytes(content, MAX_TOOL_OUTPUT_BYTES) });
  }
  return outputs;
}

/** The answer being written from a run's events: text, files and pictures. */
interface Answer {
  /** The run answering, once OpenAI has said which. */
  runId?: string | undefined;
  text: string;
  usedTools: UsedTool[];
  artifacts: { type: string; data: unknown }[];
  fileAnnotations: FileAnnotation[];
}

/** The text of one delta with its annotations resolved: citations dropped, file links named. */
async function deltaText(
  part: OpenAI.Beta.Threads.TextDelta,
  files: ChatFileKeeper,
  answer: Answer,
): Promise<string> {
  let value = part.value ?? '';
  for (const annotation of part.annotations ?? []) {
    const fileId =
      annotation.type === 'file_citation' ? annotation.file_citation?.file_id : annotation.file_path?.file_id;
    const kept = fileId ? await files.keep(fileId) : undefined;
    if (kept && !answer.fileAnnotations.some((a) => a.fileName === kept.fileName))
      answer.fileAnnotations.push(kept);
    if (annotation.text)
      value = value.replace(annotation.text, annotation.type === 'file_path' && kept ? kept.fileName : '');
  }
  return value.replace(CITATION_MARKERS, '');
}

/** Reads one stream of run events into the answer; answers the tool calls the run waits for, if any. */
async function readEvents(
  ctx: NodeContext,
  events: AsyncIterable<RunEvent>,
  files: ChatFileKeeper,
  answer: Answer,
): Promise<{ calls?: OpenAI.Beta.Threads.RequiredActionFunctionToolCall[] }> {
  for await (const event of events) {
    switch (event.event) {
      case 'thread.run.created':
        // Known at once, so a run cut off in its first stream is still cancelled.
        answer.runId = event.data.id;
        break;
      case 'thread.message.delta':
        for (const part of event.data.delta.content ?? []) {
          if (part.type === 'text' && part.text) {
            const text = await deltaText(part.text, files, answer);
            if (text) {
              answer.text += text;
              if (ctx.run.streaming) ctx.run.emit('token', text);
            }
          } else if (part.type === 'image_file' && part.image_file?.file_id) {
            const picture = await files.keep(part.image_file.file_id, 'png');
            if (picture?.filePath)
              answer.artifacts.push({ type: 'png', data: `FILE-STORAGE::${picture.filePath}` });
          }
        }
        break;
      case 'thread.run.requires_action':
        answer.runId = event.data.id;
        return { calls: event.data.required_action?.submit_tool_outputs.tool_calls };
      case 'thread.run.failed':
        throw new Error(`the OpenAI run failed: ${event.data.last_error?.message ?? 'no reason given'}`);
      case 'thread.run.cancelled':
        throw new Error('the OpenAI run was cancelled');
      case 'thread.run.expired':
        throw new Error('the OpenAI run expired before it finished');
      case 'thread.run.incomplete':
        if (!answer.text)
          throw new Error(
            `the OpenAI run ended without an answer (${event.data.incomplete_details?.reason ?? 'incomplete'})`,
          );
        break;
      default:
        break;
    }
  }
  // The SDK ends a stream quietly when it is aborted: a cut-off run is not an answer.
  ctx.run.signal.throwIfAborted();
  return {};
}

async function answerQuestion(ctx: NodeContext, signal: AbortSignal): Promise<NodeRunOutput> {
  const services = ctx.run.services;
  const selected = stringInput(ctx.inputs.selectedAssistant);
  if (!selected) throw new Error('Select an assistant');
  if (!services.assistants) throw new Error('OpenAI assistants are not available in this kind of run');
  const record = await services.assistants.get(selected);
  if (!record)
    throw new Error(`the assistant ${selected} does not exist (it may have been deleted); select another`);
  const assistantId = openAiIdOf(record.details);
  if (!assistantId) throw new Error('the assistant was never created at OpenAI; open it and save it again');
  if (!record.credential) throw new Error('the assistant has no credential; open it and choose one');
  const client = await assistantsClient(services, await services.credentials.get(record.credential));

  const tools = toolList(ctx.inputs.tools);
  const duplicate = tools.find((tool, index) => tools.findIndex((t) => t.name === tool.name) !== index);
  if (duplicate)
    throw new Error(`Two connected tools are both named "${duplicate.name}"; tool names must differ`);
  const runTools = await runToolsOf(client, assistantId, tools, signal);
  const threadId = await threadFor(ctx, client, signal);
  // Not retried: a retry after a timeout could put the question in the thread twice.
  await client.beta.threads.messages.create(
    threadId,
    { role: 'user', content: ctx.run.question },
    { signal, maxRetries: 0 },
  );

  const answer: Answer = { text: '', usedTools: [], artifacts: [], fileAnnotations: [] };
  const files = new ChatFileKeeper(
    client,
    ctx.run,
    signal,
    booleanInput(ctx.inputs.disableFileDownload, false),
  );
  const toolChoice = toolChoiceOf(ctx.inputs.toolChoice);
  try {
    let step = await readEvents(
      ctx,
      await client.beta.threads.runs.create(
        threadId,
        {
          assistant_id: assistantId,
          stream: true,
          tools: runTools,
          ...(toolChoice && { tool_choice: toolChoice }),
          parallel_tool_calls: booleanInput(ctx.inputs.parallelToolCalls, true),
        },
        { signal },
      ),
      files,
      answer,
    );
    for (let round = 1; step.calls; round++) {
      if (round > MAX_TOOL_ROUNDS)
        throw new Error(`the assistant kept calling tools (${MAX_TOOL_ROUNDS} rounds) without answering`);
      const outputs = await callTools(step.calls, tools, signal, answer.usedTools);
      step = await readEvents(
        ctx,
        await client.beta.threads.runs.submitToolOutputs(
          answer.runId!,
          { thread_id: threadId, tool_outputs: outputs, stream: true },
          { signal },
        ),
        files,
        answer,
      );
    }
  } catch (error) {
    // A run left waiting for tool outputs (or still going) would block the thread's next question.
    if (answer.runId)
      await client.beta.threads.runs
        .cancel(answer.runId, { thread_id: threadId }, { signal: AbortSignal.timeout(10_000) })
        .catch(() => undefined);
    throw error;
  }
  const sourceDocuments = answer.usedTools.flatMap((used) => used.sourceDocuments ?? []);
  return {
    text: answer.text,
    sessionId: threadId,
    ...(answer.usedTools.length > 0 && { usedTools: answer.usedTools }),
    ...(sourceDocuments.length > 0 && { sourceDocuments }),
    ...(answer.artifacts.length > 0 && { artifacts: answer.artifacts }),
    ...(answer.fileAnnotations.length > 0 && { fileAnnotations: answer.fileAnnotations }),
  };
}

/**
 * Answers with an assistant kept at OpenAI (or an Azure OpenAI resource), chosen from the workspace's
 * OpenAI assistants: the chat's thread gets the question, connected tools run as the assistant's
 * functions, and files and pictures it produces are kept for the chat.
 */
export const openAIAssistant: NodeType = {
  icon: badgeIcon('OA', '#10a37f'),
  streamable: true,
  definition: {
    label: 'OpenAI Assistant',
    name: 'openAIAssistant',
    version: 4,
    type: 'OpenAIAssistant',
    category: 'Agents',
    badge: 'DEPRECATING',
    baseClasses: ['OpenAIAssistant'],
    description:
      'Answers with an assistant you keep on the OpenAI Assistants API (or Azure OpenAI): its code interpreter, file search and the tools connected here',
    inputs: [
      {
        label: 'Select Assistant',
        name: 'selectedAssistant',
        type: 'asyncOptions',
        loadMethod: 'listAssistants',
      },
      { label: 'Allowed Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        optional: true,
        list: true,
        description: 'Checks the question before it is sent to the assistant',
      },
      {
        label: 'Tool Choice',
        name: 'toolChoice',
        type: 'string',
        description:
          'Which tool the assistant must use: "none", "auto", "required", "file_search", "code_interpreter" or the name of a connected tool',
        placeholder: 'file_search',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Parallel Tool Calls',
        name: 'parallelToolCalls',
        type: 'boolean',
        description: 'Let the assistant ask for several tools at once',
        default: true,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Disable File Download',
        name: 'disableFileDownload',
        type: 'boolean',
        description:
          'Do not keep the files the assistant cites or writes, so people chatting cannot download them',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: {
    async listAssistants(ctx) {
      const assistants = (await ctx.services.listAssistants?.()) ?? [];
      return assistants.flatMap((assistant) => {
        try {
          const details = JSON.parse(assistant.details) as { name?: unknown; instructions?: unknown };
          const name = typeof details.name === 'string' && details.name ? details.name : assistant.id;
          const instructions = typeof details.instructions === 'string' ? details.instructions : '';
          return [
            {
              label: assistant.type === 'AZURE' ? `${name} (Azure)` : name,
              name: assistant.id,
              description: instructions.slice(0, 300),
            },
          ];
        } catch {
          return [];
        }
      });
    },
  },
  async run(ctx) {
    const refused = await moderate(ctx.inputs.inputModeration, ctx.run.question);
    if (refused !== undefined) {
      ctx.run.emit('token', refused);
      return { text: refused };
    }
    const signal = AbortSignal.any([ctx.run.signal, AbortSignal.timeout(RUN_TIMEOUT_MS)]);
    // Every call of the answer listens on it (a tool loop makes dozens): not a leak.
    setMaxListeners(200, signal);
    try {
      return await answerQuestion(ctx, signal);
    } catch (error) {
      if (ctx.run.signal.aborted) throw error;
      if (signal.aborted)
        throw new Error(`the assistant did not answer within ${RUN_TIMEOUT_MS / 1000} seconds`, {
          cause: error,
        });
      throw new Error(assistantsErrorMessage(error), { cause: error });
    }
  },
};
