import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearChatflowMemory, createTestEngine, type EngineServices, type NodeType } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { conversationChain } from '../chains/conversationChain/conversationChain.js';
import { chatOpenAI } from '../chat-models/chatOpenAI/chatOpenAI.js';
import { MAX_STORED_MESSAGE_CHARS } from '../memory/external-memory.js';
import type { MemoryHandle } from '../memory/memory.js';
import { buildFlow } from './flow-builder.js';
import { nodeContext } from './node-context.js';

/** A stored message as the contract reads it back from the store itself. */
export interface StoredTurn {
  type: string;
  content: string;
}

/** What the shared contract needs to know about one memory kept outside Flowloom's messages. */
export interface ChatMemoryUnderTest {
  type: NodeType;
  credentialName: string;
  /** The node's inputs (its server, a table of the test's own). */
  inputs(): Record<string, unknown>;
  credential(): Record<string, unknown>;
  services?(): Partial<EngineServices>;
  /** A session's messages as the store holds them, oldest first, read without the node. */
  stored(sessionId: string): Promise<StoredTurn[]>;
  /** Whether the node has a Window Size input. */
  windowSize: boolean;
  /** Removes what the tests left in a store that outlives them (a shared Redis). */
  forget?(sessionIds: string[]): Promise<void>;
}

type Sent = { messages: { role: string; content: string }[] };

const ANSWER = (question: string) => `Hello from the test LLM. You said: ${question}`;

/**
 * The behaviour every memory kept outside Flowloom shares, run against its real or fake store, in a
 * Conversation Chain on the scripted LLM: a session remembers its exchanges and no other session's,
 * Window Size, clearing a chat, and long messages stored cut.
 */
export function describeChatMemoryContract(label: string, memory: ChatMemoryUnderTest): void {
  describe(`${label} (chat memory contract)`, () => {
    let llm: TestLlmServer;
    beforeAll(async () => {
      llm = await startTestLlmServer();
    });
    const sessions: string[] = [];
    afterAll(async () => {
      await llm.close();
      await memory.forget?.(sessions);
    });
    beforeEach(() => llm.reset());

    function engine(inputs: Record<string, unknown> = {}) {
      const flow = buildFlow(
        [
          { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
          {
            id: 'mem_0',
            type: memory.type,
            credential: 'store',
            inputs: { ...memory.inputs(), ...inputs },
          },
          { id: 'conversationChain_0', type: conversationChain },
        ],
        [
          ['chatOpenAI_0', 'conversationChain_0', 'model'],
          ['mem_0', 'conversationChain_0', 'memory'],
        ],
      );
      const test = createTestEngine({
        nodes: [chatOpenAI, memory.type, conversationChain],
        credentials: {
          openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } },
          store: { credentialName: memory.credentialName, data: memory.credential() },
        },
        services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, ...memory.services?.() },
      });
      return {
        ask: (question: string, sessionId: string) =>
          test.run(flow, { question, sessionId, chatId: sessionId }),
        clear: (sessionId: string) =>
          clearChatflowMemory(test.registry, test.services, {
            flowId: 'test-flow',
            flow,
            chatId: sessionId,
            sessionId,
            vars: {},
            signal: new AbortController().signal,
          }),
      };
    }
    const sent = (n: number) =>
      (llm.requests[n]!.body as Sent).messages.map((m) => [m.role, m.content] as const);
    const session = () => {
      const id = `s-${randomUUID()}`;
      sessions.push(id);
      return id;
    };

    it('gives a session its earlier exchanges, and keeps sessions apart', async () => {
      const { ask } = engine();
      const [ada, bob] = [session(), session()];
      await ask('My name is Ada', ada);
      await ask('What is my name?', ada);
      await ask('What is my name?', bob);
      expect(sent(1)).toEqual([
        ['system', expect.any(String)],
        ['user', 'My name is Ada'],
        ['assistant', ANSWER('My name is Ada')],
        ['user', 'What is my name?'],
      ]);
      expect(sent(2)).toEqual([
        ['system', expect.any(String)],
        ['user', 'What is my name?'],
      ]);
      expect(await memory.stored(ada)).toEqual([
        { type: 'human', content: 'My name is Ada' },
        { type: 'ai', content: ANSWER('My name is Ada') },
        { type: 'human', content: 'What is my name?' },
        { type: 'ai', content: ANSWER('What is my name?') },
      ]);
    });

    it('keeps the turns under the Session Id input when one is set', async () => {
      const shared = session();
      const { ask } = engine({ sessionId: shared });
      await ask('first', session());
      await ask('second', session());
      expect(sent(1).slice(1, 3)).toEqual([
        ['user', 'first'],
        ['assistant', ANSWER('first')],
      ]);
      expect(await memory.stored(shared)).toHaveLength(4);
    });

    it.runIf(memory.windowSize)('reads back only the last k exchanges with a Window Size', async () => {
      const { ask } = engine({ windowSize: 1 });
      const id = session();
      for (const question of ['one', 'two', 'three']) await ask(question, id);
      expect(sent(2).slice(1)).toEqual([
        ['user', 'two'],
        ['assistant', ANSWER('two')],
        ['user', 'three'],
      ]);
      expect(await memory.stored(id)).toHaveLength(6);
    });

    it('forgets a session when its chat is cleared, and only that session', async () => {
      const { ask, clear } = engine();
      const [gone, kept] = [session(), session()];
      await ask('remember me', gone);
      await ask('remember me too', kept);
      expect(await clear(gone)).toEqual([memory.type.definition.label]);
      expect(await memory.stored(gone)).toEqual([]);
      expect(await memory.stored(kept)).toHaveLength(2);
      await ask('who am I?', gone);
      expect(sent(2).slice(1)).toEqual([['user', 'who am I?']]);
      // Clearing a session that holds nothing is fine.
      await expect(clear(session())).resolves.toHaveLength(1);
    });

    it('stores a message longer than the limit cut to it', async () => {
      const id = session();
      const built = (await memory.type.init!(
        nodeContext(memory.type, {
          inputs: { ...memory.inputs(), sessionId: id },
          credential: memory.credential(),
          ...(memory.services && { services: memory.services() }),
        }),
      )) as MemoryHandle;
      await built.save!('x'.repeat(MAX_STORED_MESSAGE_CHARS + 10), 'short answer');
      const stored = await memory.stored(id);
      expect(stored.map((m) => m.content.length)).toEqual([MAX_STORED_MESSAGE_CHARS, 12]);
      expect((await built.load()).map((t) => t.role)).toEqual(['userMessage', 'apiMessage']);
    });
  });
}
