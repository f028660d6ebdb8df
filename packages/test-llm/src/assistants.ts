import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { chunks, decideReply, sleep, type NeutralRequest, type ScriptedReply } from './replies.js';
import { formOf, sendJson } from './wire.js';

/**
 * OpenAI's Assistants API (v2) as far as Flowloom uses it, kept in memory: assistants, threads and
 * their messages, runs (polled or streamed as server-sent events, with function calls that wait for
 * `submit_tool_outputs`), files and vector stores. Served under any prefix (`/v1`, Azure's
 * `/openai`), so the OpenAI and Azure clients both reach it.
 *
 * A run's answer comes from the same place as a chat completion's: the next reply queued with
 * `server.script(...)`, else the cues of the last user message, else the echo. Cues of its own:
 * `[[image]]` adds a generated picture (an `image_file` part), `[[cite]]` cites the first file of
 * the assistant's vector store (a `file_citation` annotation), `[[file]]` writes a file and links it
 * (a `file_path` annotation), `[[runfail:message]]` fails the run after its first words.
 */

type Json = Record<string, unknown>;

interface StoredFile {
  meta: Json & { id: string; filename: string; bytes: number };
  data: Buffer;
}

interface ThreadMessage extends Json {
  id: string;
  role: 'user' | 'assistant';
  content: Json[];
}

interface ToolTurn {
  calls: { id: string; name: string; arguments: string }[];
  outputs: { tool_call_id: string; output: string }[];
}

interface Run extends Json {
  id: string;
  thread_id: string;
  assistant_id: string;
  status: string;
}

interface RunState {
  run: Run;
  /** The function calls asked for and answered so far in this run. */
  turns: ToolTurn[];
}

interface Thread {
  meta: Json & { id: string };
  messages: ThreadMessage[];
  runs: RunState[];
}

const now = () => Math.floor(Date.now() / 1000);
/** A field read as text: strings as they are, numbers written out, anything else empty. */
const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
const list = (data: Json[]) => ({
  object: 'list',
  data,
  first_id: data[0]?.id ?? null,
  last_id: data.at(-1)?.id ?? null,
  has_more: false,
});
const ACTIVE = new Set(['queued', 'in_progress', 'requires_action', 'cancelling']);

/** A 1×1 PNG: what `[[image]]` "draws". */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function notFound(response: ServerResponse, what: string, id: string) {
  sendJson(response, 404, {
    error: { message: `No ${what} found with id '${id}'.`, type: 'invalid_request_error', code: null },
  });
}

function badRequest(response: ServerResponse, message: string) {
  sendJson(response, 400, { error: { message, type: 'invalid_request_error', code: null } });
}

/** The text of a message's content parts (text only). */
function textOfParts(content: Json[]): string {
  return content
    .map((part) => (part.type === 'text' ? str((part.text as Json | undefined)?.value) : ''))
    .join('');
}

/** Content given to `messages.create`: a string or a list of text parts. */
function partsOf(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: { value: content, annotations: [] } }];
  if (Array.isArray(content))
    return (content as Json[])
      .filter((part) => part.type === 'text')
      .map((part) => ({ type: 'text', text: { value: str(part.text), annotations: [] } }));
  return [];
}

interface AssistantCues {
  image: boolean;
  cite: boolean;
  file: boolean;
  runFail: string | undefined;
}

function assistantCues(text: string): AssistantCues {
  const fail = /\[\[runfail(?::([^\]]*))?\]\]/.exec(text);
  return {
    image: text.includes('[[image]]'),
    cite: text.includes('[[cite]]'),
    file: text.includes('[[file]]'),
    runFail: fail ? fail[1]?.trim() || 'The run failed' : undefined,
  };
}

export interface AssistantsApi {
  /** Answers the request when its path is an Assistants API path; false otherwise. */
  answer(
    method: string,
    path: string,
    raw: Buffer,
    contentType: string,
    body: unknown,
    response: ServerResponse,
    headers: IncomingHttpHeaders,
  ): Promise<boolean>;
  reset(): void;
}

/** The Assistants API of the scripted server; `nextReply` takes the next queued chat reply. */
export function createAssistantsApi(nextReply: () => ScriptedReply | undefined): AssistantsApi {
  const assistants = new Map<string, Json & { id: string }>();
  const threads = new Map<string, Thread>();
  const files = new Map<string, StoredFile>();
  const vectorStores = new Map<string, Json & { id: string }>();
  const storeFiles = new Map<string, Map<string, Json>>();
  const batches = new Map<string, Json>();

  const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

  function saveFile(filename: string, data: Buffer, purpose: string): StoredFile {
    const stored: StoredFile = {
      meta: {
        id: newId('file'),
        object: 'file',
        bytes: data.length,
        created_at: now(),
        filename,
        purpose,
        status: 'processed',
        status_details: null,
      },
      data,
    };
    files.set(stored.meta.id, stored);
    return stored;
  }

  function storeCounts(id: string) {
    const total = storeFiles.get(id)?.size ?? 0;
    return { in_progress: 0, completed: total, failed: 0, cancelled: 0, total };
  }

  function storeView(store: Json & { id: string }) {
    const usage = [...(storeFiles.get(store.id)?.keys() ?? [])].reduce(
      (sum, fileId) => sum + (files.get(fileId)?.meta.bytes ?? 0),
      0,
    );
    return { ...store, file_counts: storeCounts(store.id), usage_bytes: usage };
  }

  function storeParams(body: Json, store: Json) {
    if ('name' in body) store.name = body.name ?? null;
    if ('expires_after' in body) {
      const after = body.expires_after as { days?: number } | null;
      store.expires_after = after ?? null;
      store.expires_at = after?.days ? now() + after.days * 86_400 : null;
    }
    if ('metadata' in body) store.metadata = body.metadata ?? {};
  }

  function assistantParams(body: Json, assistant: Json) {
    for (const key of [
      'name',
      'description',
      'model',
      'instructions',
      'tools',
      'tool_resources',
      'temperature',
      'top_p',
      'metadata',
      'response_format',
    ])
      if (key in body) assistant[key] = body[key] ?? null;
  }

  /** The conversation a run answers, as the chat replies read it. */
  function neutralOf(thread: Thread, state: RunState): NeutralRequest {
    const assistant: Json = assistants.get(state.run.assistant_id) ?? {};
    const tools = ((state.run.tools ?? assistant.tools ?? []) as Json[])
      .filter((tool) => tool.type === 'function')
      .map((tool) => {
        const fn = (tool.function ?? {}) as Json;
        return { name: str(fn.name), parameters: fn.parameters };
      });
    const messages: NeutralRequest['messages'] = [];
    const instructions = str(state.run.instructions ?? assistant.instructions);
    if (instructions) messages.push({ role: 'system', content: instructions });
    for (const message of thread.messages)
      if (message.run_id !== state.run.id)
        messages.push({ role: message.role, content: textOfParts(message.content) });
    for (const turn of state.turns) {
      messages.push({ role: 'assistant', content: turn.calls.map((c) => c.name).join(', ') });
      for (const output of turn.outputs) messages.push({ role: 'tool', content: output.output });
    }
    return { model: str(assistant.model, 'test-model'), messages, tools, stream: false };
  }

  function lastUserText(thread: Thread): string {
    const user = [...thread.messages].reverse().find((m) => m.role === 'user');
    return user ? textOfParts(user.content) : '';
  }

  /** The first file of the assistant's vector store, or of the whole fake: what `[[cite]]` cites. */
  function citedFile(assistantId: string): StoredFile | undefined {
    const resources = (assistants.get(assistantId)?.tool_resources ?? {}) as Json;
    const search = (resources.file_search ?? {}) as { vector_store_ids?: string[] };
    for (const storeId of search.vector_store_ids ?? [])
      for (const fileId of storeFiles.get(storeId)?.keys() ?? []) {
        const file = files.get(fileId);
        if (file) return file;
      }
    return undefined;
  }

  /** What one step of a run does: ask for tools, fail, or write the assistant's message parts. */
  type Step =
    | { kind: 'tools'; calls: ToolTurn['calls'] }
    | { kind: 'fail'; message: string; before: string }
    | { kind: 'message'; text: string; parts: Json[]; delayMs: number; chunkDelayMs: number };

  function decideStep(thread: Thread, state: RunState): Step {
    const neutral = neutralOf(thread, state);
    const reply = decideReply(neutral, nextReply());
    if (reply.error)
      return { kind: 'fail', message: `${reply.error.status}: ${reply.error.message}`, before: '' };
    const answeredTools = neutral.messages.at(-1)?.role === 'tool';
    if (reply.toolCalls?.length)
      return {
        kind: 'tools',
        calls: reply.toolCalls.map((call, index) => ({
          id: call.id ?? `call_${index}_${randomUUID().slice(0, 8)}`,
          name: call.name,
          arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        })),
      };
    const cues = answeredTools ? assistantCues('') : assistantCues(lastUserText(thread));
    let text = (reply.text ?? '').replace(/\[\[(image|cite|file|runfail)(:[^\]]*)?\]\]/g, '').trim();
    if (cues.runFail) return { kind: 'fail', message: cues.runFail, before: chunks(text)[0] ?? '' };
    const annotations: Json[] = [];
    if (cues.cite) {
      const file = citedFile(state.run.assistant_id);
      if (file) {
        const marker = '【4:0†source】';
        const start = text.length;
        text += marker;
        annotations.push({
          type: 'file_citation',
          text: marker,
          start_index: start,
          end_index: start + marker.length,
          file_citation: { file_id: file.meta.id },
        });
      }
    }
    if (cues.file) {
      const written = saveFile('result.csv', Buffer.from('a,b\n1,2\n'), 'assistants_output');
      const link = 'sandbox:/mnt/data/result.csv';
      const start = text.length + 1;
      text += ` ${link}`;
      annotations.push({
        type: 'file_path',
        text: link,
        start_index: start,
        end_index: start + link.length,
        file_path: { file_id: written.meta.id },
      });
    }
    const parts: Json[] = [{ type: 'text', text: { value: text, annotations } }];
    if (cues.image) {
      const picture = saveFile('chart', PNG, 'assistants_output');
      parts.push({ type: 'image_file', image_file: { file_id: picture.meta.id } });
    }
    return {
      kind: 'message',
      text,
      parts,
      delayMs: reply.delayMs ?? 0,
      chunkDelayMs: reply.chunkDelayMs ?? 0,
    };
  }

  function addAssistantMessage(thread: Thread, state: RunState, parts: Json[]): ThreadMessage {
    const message: ThreadMessage = {
      id: newId('msg'),
      object: 'thread.message',
      created_at: now(),
      thread_id: thread.meta.id,
      role: 'assistant',
      content: parts,
      assistant_id: state.run.assistant_id,
      run_id: state.run.id,
      attachments: [],
      metadata: {},
      status: 'completed',
      completed_at: now(),
      incomplete_at: null,
      incomplete_details: null,
    };
    thread.messages.push(message);
    return message;
  }

  /** Takes one step of a run and updates it; `emit` receives the stream events (when streaming). */
  async function step(
    thread: Thread,
    state: RunState,
    emit: ((event: string, data: unknown) => void) | undefined,
  ): Promise<void> {
    const { run } = state;
    run.status = 'in_progress';
    emit?.('thread.run.in_progress', run);
    const next = decideStep(thread, state);
    if (next.kind === 'tools') {
      state.turns.push({ calls: next.calls, outputs: [] });
      run.status = 'requires_action';
      run.required_action = {
        type: 'submit_tool_outputs',
        submit_tool_outputs: {
          tool_calls: next.calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        },
      };
      emit?.('thread.run.requires_action', run);
      return;
    }
    if (next.kind === 'fail') {
      if (emit && next.before) {
        const id = newId('msg');
        emit('thread.message.created', { id, object: 'thread.message', role: 'assistant', content: [] });
        emit('thread.message.delta', {
          id,
          object: 'thread.message.delta',
          delta: { content: [{ index: 0, type: 'text', text: { value: next.before } }] },
        });
      }
      run.status = 'failed';
      run.failed_at = now();
      run.last_error = { code: 'server_error', message: next.message };
      emit?.('thread.run.failed', run);
      return;
    }
    if (next.delayMs) await sleep(next.delayMs);
    const message = addAssistantMessage(thread, state, next.parts);
    if (emit) {
      emit('thread.message.created', { ...message, status: 'in_progress', content: [] });
      emit('thread.message.in_progress', { ...message, status: 'in_progress', content: [] });
      const text = next.parts[0]!.text as { value: string; annotations: Json[] };
      let written = 0;
      for (const piece of chunks(text.value)) {
        if (next.chunkDelayMs) await sleep(next.chunkDelayMs);
        // A run cancelled meanwhile stops writing (its status stays cancelled).
        if (run.status === 'cancelled') return;
        // An annotation travels with the delta that holds its text, as OpenAI sends it.
        const inside = text.annotations.filter(
          (a) => (a.start_index as number) >= written && (a.start_index as number) < written + piece.length,
        );
        written += piece.length;
        emit('thread.message.delta', {
          id: message.id,
          object: 'thread.message.delta',
          delta: {
            content: [
              {
                index: 0,
                type: 'text',
                text: { value: piece, ...(inside.length && { annotations: inside }) },
              },
            ],
          },
        });
      }
      next.parts.slice(1).forEach((part, index) =>
        emit('thread.message.delta', {
          id: message.id,
          object: 'thread.message.delta',
          delta: { content: [{ index: index + 1, ...part }] },
        }),
      );
      emit('thread.message.completed', message);
    }
    if (run.status === 'cancelled') return;
    run.status = 'completed';
    run.completed_at = now();
    run.required_action = null;
    emit?.('thread.run.completed', run);
  }

  /** Runs a step and answers: the run object, or its events as SSE. */
  async function advance(
    thread: Thread,
    state: RunState,
    stream: boolean,
    response: ServerResponse,
    opening: string[],
  ) {
    if (!stream) {
      await step(thread, state, undefined);
      response.setHeader('openai-poll-after-ms', '5');
      return sendJson(response, 200, state.run);
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const emit = (event: string, data: unknown) =>
      response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    for (const event of opening) emit(event, state.run);
    await step(thread, state, emit);
    response.end('event: done\ndata: [DONE]\n\n');
  }

  async function createRun(thread: Thread, body: Json, response: ServerResponse) {
    const assistantId = str(body.assistant_id);
    const assistant = assistants.get(assistantId);
    if (!assistant) return notFound(response, 'assistant', assistantId);
    if (thread.runs.some((r) => ACTIVE.has(r.run.status)))
      return badRequest(response, `Thread ${thread.meta.id} already has an active run.`);
    const run: Run = {
      id: newId('run'),
      object: 'thread.run',
      created_at: now(),
      thread_id: thread.meta.id,
      assistant_id: assistantId,
      status: 'queued',
      required_action: null,
      last_error: null,
      model: assistant.model,
      instructions: body.instructions ?? assistant.instructions,
      tools: body.tools ?? assistant.tools,
      tool_choice: body.tool_choice ?? 'auto',
      parallel_tool_calls: body.parallel_tool_calls ?? true,
      metadata: {},
    };
    const state: RunState = { run, turns: [] };
    thread.runs.unshift(state);
    await advance(thread, state, body.stream === true, response, ['thread.run.created', 'thread.run.queued']);
  }

  async function submitOutputs(thread: Thread, state: RunState, body: Json, response: ServerResponse) {
    if (state.run.status !== 'requires_action')
      return badRequest(response, `Runs in status "${state.run.status}" do not accept tool outputs.`);
    const outputs = (body.tool_outputs ?? []) as { tool_call_id: string; output: string }[];
    const turn = state.turns.at(-1)!;
    const missing = turn.calls.filter((call) => !outputs.some((o) => o.tool_call_id === call.id));
    if (missing.length)
      return badRequest(
        response,
        `Expected tool outputs for call_ids ${JSON.stringify(turn.calls.map((c) => c.id))}, got ${JSON.stringify(outputs.map((o) => o.tool_call_id))}`,
      );
    turn.outputs = outputs.map((o) => ({ tool_call_id: o.tool_call_id, output: String(o.output) }));
    state.run.required_action = null;
    state.run.status = 'queued';
    await advance(thread, state, body.stream === true, response, ['thread.run.queued']);
  }

  async function uploadFile(raw: Buffer, contentType: string, response: ServerResponse) {
    const form = await formOf(raw, contentType);
    if (!form) return badRequest(response, 'expected a multipart/form-data body');
    const file = form.get('file');
    if (!(file instanceof File)) return badRequest(response, "'file' is a required property");
    const purpose = form.get('purpose');
    if (typeof purpose !== 'string' || !purpose) return badRequest(response, "'purpose' is required");
    const stored = saveFile(file.name, Buffer.from(await file.arrayBuffer()), purpose);
    sendJson(response, 200, stored.meta);
  }

  function threadRoutes(
    method: string,
    rest: string[],
    body: Json,
    response: ServerResponse,
  ): Promise<void> | void {
    if (rest.length === 0 && method === 'POST') {
      const thread: Thread = {
        meta: { id: newId('thread'), object: 'thread', created_at: now(), metadata: {}, tool_resources: {} },
        messages: [],
        runs: [],
      };
      threads.set(thread.meta.id, thread);
      for (const message of (body.messages ?? []) as Json[])
        thread.messages.push({
          id: newId('msg'),
          object: 'thread.message',
          created_at: now(),
          thread_id: thread.meta.id,
          role: message.role === 'assistant' ? 'assistant' : 'user',
          content: partsOf(message.content),
        });
      return sendJson(response, 200, thread.meta);
    }
    const [threadId, section, itemId, action] = rest;
    const thread = threads.get(threadId ?? '');
    if (!thread) return notFound(response, 'thread', threadId ?? '');
    if (!section) {
      if (method === 'GET') return sendJson(response, 200, thread.meta);
      if (method === 'DELETE') {
        threads.delete(thread.meta.id);
        return sendJson(response, 200, { id: thread.meta.id, object: 'thread.deleted', deleted: true });
      }
    }
    if (section === 'messages') {
      if (method === 'POST' && !itemId) {
        if (thread.runs.some((r) => ACTIVE.has(r.run.status)))
          return badRequest(
            response,
            `Can't add messages to ${thread.meta.id} while a run ${thread.runs[0]!.run.id} is active.`,
          );
        const message: ThreadMessage = {
          id: newId('msg'),
          object: 'thread.message',
          created_at: now(),
          thread_id: thread.meta.id,
          role: body.role === 'assistant' ? 'assistant' : 'user',
          content: partsOf(body.content),
          assistant_id: null,
          run_id: null,
          attachments: body.attachments ?? [],
          metadata: {},
        };
        thread.messages.push(message);
        return sendJson(response, 200, message);
      }
      if (method === 'GET' && !itemId) return sendJson(response, 200, list([...thread.messages].reverse()));
    }
    if (section === 'runs') {
      if (!itemId && method === 'POST') return createRun(thread, body, response);
      if (!itemId && method === 'GET') return sendJson(response, 200, list(thread.runs.map((r) => r.run)));
      const state = thread.runs.find((r) => r.run.id === itemId);
      if (!state) return notFound(response, 'run', itemId ?? '');
      if (!action && method === 'GET') return sendJson(response, 200, state.run);
      if (action === 'submit_tool_outputs' && method === 'POST')
        return submitOutputs(thread, state, body, response);
      if (action === 'cancel' && method === 'POST') {
        if (ACTIVE.has(state.run.status)) {
          state.run.status = 'cancelled';
          state.run.cancelled_at = now();
          state.run.required_action = null;
        }
        return sendJson(response, 200, state.run);
      }
    }
    return sendJson(response, 404, { error: { message: `No route ${method} threads/${rest.join('/')}` } });
  }

  function fileRoutes(method: string, rest: string[], response: ServerResponse): void {
    const [fileId, action] = rest;
    if (!fileId && method === 'GET')
      return sendJson(response, 200, list([...files.values()].map((f) => f.meta)));
    const file = files.get(fileId ?? '');
    if (!file) return notFound(response, 'file', fileId ?? '');
    if (!action && method === 'GET') return sendJson(response, 200, file.meta);
    if (action === 'content' && method === 'GET') {
      // As OpenAI: files people uploaded for assistants are not handed out again.
      if (file.meta.purpose === 'assistants')
        return badRequest(response, 'Not allowed to download files of purpose: assistants');
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': file.data.length,
      });
      return void response.end(file.data);
    }
    if (!action && method === 'DELETE') {
      files.delete(file.meta.id);
      for (const store of storeFiles.values()) store.delete(file.meta.id);
      return sendJson(response, 200, { id: file.meta.id, object: 'file', deleted: true });
    }
    return sendJson(response, 404, { error: { message: `No route ${method} files/${rest.join('/')}` } });
  }

  function vectorStoreRoutes(method: string, rest: string[], body: Json, response: ServerResponse): void {
    const [storeId, section, itemId] = rest;
    if (!storeId) {
      if (method === 'GET') return sendJson(response, 200, list([...vectorStores.values()].map(storeView)));
      if (method === 'POST') {
        const store: Json & { id: string } = {
          id: newId('vs'),
          object: 'vector_store',
          created_at: now(),
          name: null,
          status: 'completed',
          expires_after: null,
          expires_at: null,
          last_active_at: now(),
          metadata: {},
        };
        storeParams(body, store);
        vectorStores.set(store.id, store);
        storeFiles.set(store.id, new Map());
        for (const fileId of (body.file_ids ?? []) as string[])
          storeFiles.get(store.id)!.set(fileId, { id: fileId });
        return sendJson(response, 200, storeView(store));
      }
    }
    const store = vectorStores.get(storeId ?? '');
    if (!store) return notFound(response, 'vector store', storeId ?? '');
    const members = storeFiles.get(store.id)!;
    if (!section) {
      if (method === 'GET') return sendJson(response, 200, storeView(store));
      if (method === 'POST') {
        storeParams(body, store);
        return sendJson(response, 200, storeView(store));
      }
      if (method === 'DELETE') {
        vectorStores.delete(store.id);
        storeFiles.delete(store.id);
        return sendJson(response, 200, { id: store.id, object: 'vector_store.deleted', deleted: true });
      }
    }
    const storeFile = (fileId: string) => ({
      id: fileId,
      object: 'vector_store.file',
      created_at: now(),
      vector_store_id: store.id,
      status: 'completed',
      usage_bytes: files.get(fileId)?.meta.bytes ?? 0,
      last_error: null,
    });
    if (section === 'files') {
      if (!itemId && method === 'GET')
        return sendJson(response, 200, list([...members.keys()].map(storeFile)));
      if (!itemId && method === 'POST') {
        const fileId = str(body.file_id);
        if (!files.has(fileId)) return notFound(response, 'file', fileId);
        members.set(fileId, { id: fileId });
        return sendJson(response, 200, storeFile(fileId));
      }
      if (itemId && method === 'DELETE') {
        if (!members.delete(itemId)) return notFound(response, 'vector store file', itemId);
        return sendJson(response, 200, { id: itemId, object: 'vector_store.file.deleted', deleted: true });
      }
    }
    if (section === 'file_batches') {
      if (!itemId && method === 'POST') {
        const ids = (body.file_ids ?? []) as string[];
        const unknown = ids.find((id) => !files.has(id));
        if (unknown) return notFound(response, 'file', unknown);
        // A file whose name says so cannot be indexed: the batch fails, as OpenAI's does on bad files.
        const failed = ids.some((id) => files.get(id)!.meta.filename.includes('unindexable'));
        if (!failed) for (const id of ids) members.set(id, { id });
        const batch = {
          id: newId('vsfb'),
          object: 'vector_store.files_batch',
          created_at: now(),
          vector_store_id: store.id,
          status: failed ? 'failed' : 'completed',
          file_counts: {
            in_progress: 0,
            completed: failed ? 0 : ids.length,
            failed: failed ? ids.length : 0,
            cancelled: 0,
            total: ids.length,
          },
        };
        batches.set(batch.id, batch);
        return sendJson(response, 200, batch);
      }
      const batch = batches.get(itemId ?? '');
      if (batch && method === 'GET') return sendJson(response, 200, batch);
      return notFound(response, 'file batch', itemId ?? '');
    }
    return sendJson(response, 404, {
      error: { message: `No route ${method} vector_stores/${rest.join('/')}` },
    });
  }

  function assistantRoutes(method: string, rest: string[], body: Json, response: ServerResponse): void {
    const [assistantId] = rest;
    if (!assistantId) {
      if (method === 'GET')
        return sendJson(response, 200, list([...assistants.values()].sort(byNewest).reverse()));
      if (method === 'POST') {
        if (typeof body.model !== 'string' || !body.model)
          return badRequest(response, "Missing required parameter: 'model'.");
        const assistant: Json & { id: string } = {
          id: newId('asst'),
          object: 'assistant',
          created_at: now(),
          name: null,
          description: null,
          instructions: null,
          tools: [],
          tool_resources: {},
          metadata: {},
          temperature: 1,
          top_p: 1,
          response_format: 'auto',
        };
        assistantParams(body, assistant);
        assistants.set(assistant.id, assistant);
        return sendJson(response, 200, assistant);
      }
    }
    const assistant = assistants.get(assistantId ?? '');
    if (!assistant) return notFound(response, 'assistant', assistantId ?? '');
    if (method === 'GET') return sendJson(response, 200, assistant);
    if (method === 'POST') {
      assistantParams(body, assistant);
      return sendJson(response, 200, assistant);
    }
    if (method === 'DELETE') {
      assistants.delete(assistant.id);
      return sendJson(response, 200, { id: assistant.id, object: 'assistant.deleted', deleted: true });
    }
    return sendJson(response, 404, { error: { message: `No route ${method} assistants/${assistantId}` } });
  }

  const byNewest = (a: Json, b: Json) => Number(a.created_at) - Number(b.created_at);
  const RESOURCES = new Set(['assistants', 'threads', 'files', 'vector_stores']);

  return {
    async answer(method, path, raw, contentType, body, response, headers) {
      const segments = path.split('/').filter(Boolean);
      const at = segments.findIndex((segment) => RESOURCES.has(segment));
      if (at < 0) return false;
      if (!headers.authorization && !headers['api-key']) {
        sendJson(response, 401, {
          error: { message: 'You did not provide an API key.', type: 'invalid_request_error', code: null },
        });
        return true;
      }
      const resource = segments[at]!;
      const rest = segments.slice(at + 1);
      const json = (body && typeof body === 'object' ? body : {}) as Json;
      if (resource === 'files' && method === 'POST' && rest.length === 0)
        await uploadFile(raw, contentType, response);
      else if (resource === 'assistants') assistantRoutes(method, rest, json, response);
      else if (resource === 'threads') await threadRoutes(method, rest, json, response);
      else if (resource === 'files') fileRoutes(method, rest, response);
      else vectorStoreRoutes(method, rest, json, response);
      return true;
    },
    reset() {
      assistants.clear();
      threads.clear();
      files.clear();
      vectorStores.clear();
      storeFiles.clear();
      batches.clear();
    },
  };
}
