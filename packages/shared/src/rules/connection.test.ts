import { describe, expect, it } from 'vitest';
import { CONNECTION_REASONS, canConnect, parseHandleTypes, type ConnectionCandidate } from './connection.js';

const base: ConnectionCandidate = {
  source: 'chatOpenAI_0',
  target: 'llmChain_0',
  sourceTypes: ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel'],
  targetTypes: ['BaseLanguageModel'],
  targetAcceptsList: false,
  targetHandleAlreadyConnected: false,
  edges: [],
};

describe('canConnect', () => {
  it('allows an edge between different nodes with matching types onto a free input', () => {
    expect(canConnect(base)).toEqual({ ok: true });
  });

  it('refuses to connect a node to itself', () => {
    expect(canConnect({ ...base, target: 'chatOpenAI_0' })).toEqual({
      ok: false,
      reason: CONNECTION_REASONS.selfLoop,
    });
  });

  it('refuses when no output type is accepted by the input', () => {
    expect(canConnect({ ...base, targetTypes: ['BaseMemory'] })).toEqual({
      ok: false,
      reason: CONNECTION_REASONS.typeMismatch,
    });
  });

  it('refuses when either side has no types at all', () => {
    expect(canConnect({ ...base, sourceTypes: [] }).ok).toBe(false);
    expect(canConnect({ ...base, targetTypes: [] }).ok).toBe(false);
  });

  it('accepts an overlap on any one of several accepted types, ignoring surrounding spaces', () => {
    expect(canConnect({ ...base, sourceTypes: [' string '], targetTypes: ['json', 'string'] })).toEqual({
      ok: true,
    });
  });

  it('compares type names case-sensitively', () => {
    expect(canConnect({ ...base, sourceTypes: ['tool'], targetTypes: ['Tool'] }).ok).toBe(false);
  });

  it('refuses a second edge into an input that does not accept a list', () => {
    expect(canConnect({ ...base, targetHandleAlreadyConnected: true })).toEqual({
      ok: false,
      reason: CONNECTION_REASONS.alreadyConnected,
    });
  });

  it('allows further edges into an input that accepts a list', () => {
    expect(canConnect({ ...base, targetHandleAlreadyConnected: true, targetAcceptsList: true })).toEqual({
      ok: true,
    });
  });

  it('refuses an edge whose target already reaches the source', () => {
    const edges = [
      { source: 'llmChain_0', target: 'agent_0' },
      { source: 'agent_0', target: 'chatOpenAI_0' },
    ];
    expect(canConnect({ ...base, edges })).toEqual({ ok: false, reason: CONNECTION_REASONS.cycle });
  });

  it('refuses the reverse of an existing edge as a two-node cycle', () => {
    expect(canConnect({ ...base, edges: [{ source: 'llmChain_0', target: 'chatOpenAI_0' }] }).ok).toBe(false);
  });

  it('allows edges that only share nodes without closing a loop', () => {
    const edges = [
      { source: 'chatOpenAI_0', target: 'agent_0' },
      { source: 'memory_0', target: 'llmChain_0' },
      { source: 'llmChain_0', target: 'output_0' },
      { source: 'output_0', target: 'output_1' },
    ];
    expect(canConnect({ ...base, edges })).toEqual({ ok: true });
  });

  it('allows a parallel edge between the same two nodes when the input accepts a list', () => {
    const edges = [{ source: 'chatOpenAI_0', target: 'llmChain_0' }];
    expect(
      canConnect({ ...base, edges, targetAcceptsList: true, targetHandleAlreadyConnected: true }),
    ).toEqual({
      ok: true,
    });
  });

  it('terminates on flows that already contain a cycle elsewhere', () => {
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'a' },
      { source: 'llmChain_0', target: 'a' },
    ];
    expect(canConnect({ ...base, edges })).toEqual({ ok: true });
  });

  it('reports the first failing rule: self loop, then types, then the occupied input, then cycles', () => {
    const everythingWrong = {
      ...base,
      targetTypes: ['Nope'],
      targetHandleAlreadyConnected: true,
      edges: [{ source: 'llmChain_0', target: 'chatOpenAI_0' }],
    };
    expect(canConnect({ ...everythingWrong, target: 'chatOpenAI_0' })).toMatchObject({
      reason: CONNECTION_REASONS.selfLoop,
    });
    expect(canConnect(everythingWrong)).toMatchObject({ reason: CONNECTION_REASONS.typeMismatch });
    expect(canConnect({ ...everythingWrong, targetTypes: ['BaseChatModel'] })).toMatchObject({
      reason: CONNECTION_REASONS.alreadyConnected,
    });
  });

  it('gives reasons as readable sentences', () => {
    for (const reason of Object.values(CONNECTION_REASONS)) {
      expect(reason).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('parseHandleTypes', () => {
  it('reads the pipe-separated types of an output handle', () => {
    expect(
      parseHandleTypes('chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel'),
    ).toEqual(['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel']);
    expect(parseHandleTypes('llmChain_0-output-outputPrediction-string|json')).toEqual(['string', 'json']);
  });

  it('reads the single type of an input handle', () => {
    expect(parseHandleTypes('conversationChain_0-input-model-BaseChatModel')).toEqual(['BaseChatModel']);
    expect(parseHandleTypes('promptTemplate_1-input-promptValues-json')).toEqual(['json']);
  });

  it('trims spaces around the separators', () => {
    expect(parseHandleTypes('a_0-output-a-A | B')).toEqual(['A', 'B']);
  });

  it('keeps a dash inside a type name', () => {
    expect(parseHandleTypes('a_0-input-x-Some-Type')).toEqual(['Some-Type']);
  });

  it('gives no types for handles that carry none', () => {
    expect(parseHandleTypes('llmAgentflow_0')).toEqual([]);
    expect(parseHandleTypes('startAgentflow_0-output-startAgentflow')).toEqual([]);
    expect(parseHandleTypes('conditionAgentflow_0-output-0')).toEqual([]);
    expect(parseHandleTypes('a_0-sideways-x-T')).toEqual([]);
    expect(parseHandleTypes('a_0-output-x-')).toEqual([]);
    expect(parseHandleTypes('')).toEqual([]);
  });
});
