import { describe, expect, it } from 'vitest';
import type { FlowConfigParam } from '../chat.js';
import { updateChatflowBody } from '../chatflow.js';
import { apiSnippets } from './api-snippets.js';
import {
  buildOverrideSettings,
  enabledParamKeys,
  enabledVariableNames,
  overrideNodeGroups,
  overrideParamKey,
  overrideSettingsOf,
  overrideSnippetFields,
  withOverrideSettings,
} from './override-config.js';

const params: FlowConfigParam[] = [
  {
    node: 'ChatOpenAI',
    nodeId: 'chatOpenAI_0',
    label: 'Model Name',
    name: 'modelName',
    type: 'asyncOptions',
  },
  { node: 'ChatOpenAI', nodeId: 'chatOpenAI_0', label: 'Temperature', name: 'temperature', type: 'number' },
  { node: 'ChatOpenAI', nodeId: 'chatOpenAI_1', label: 'Temperature', name: 'temperature', type: 'number' },
  { node: 'Buffer Memory', nodeId: 'bufferMemory_0', label: 'Session Id', name: 'sessionId', type: 'string' },
  { node: 'Tool', nodeId: 'tool_0', label: 'Return Direct', name: 'returnDirect', type: 'boolean' },
  { node: 'Tool', nodeId: 'tool_0', label: 'Headers', name: 'headers', type: 'json' },
];
const variables = [
  { id: 'v1', name: 'region', type: 'static' },
  { id: 'v2', name: 'tier', type: 'runtime' },
];

describe('override settings', () => {
  it('reads nothing switched on from a flow without settings or with broken JSON', () => {
    expect(overrideSettingsOf(null)).toEqual({ status: false });
    expect(overrideSettingsOf('{oops')).toEqual({ status: false });
    expect(overrideSettingsOf('{"rateLimit":{"status":true}}')).toEqual({ status: false });
  });

  it('stores only what is switched on, one entry per input of a node label (Flowise shape)', () => {
    const settings = buildOverrideSettings({
      status: true,
      params,
      enabledParams: new Set([overrideParamKey(params[1]!), overrideParamKey(params[4]!)]),
      variables,
      enabledVariables: new Set(['tier']),
    });
    expect(settings).toEqual({
      status: true,
      nodes: {
        ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }],
        Tool: [{ label: 'Return Direct', name: 'returnDirect', type: 'boolean', enabled: true }],
      },
      variables: [{ id: 'v2', name: 'tier', type: 'runtime', enabled: true }],
    });
  });

  it('stores {status: false} when the table is switched off, whatever was ticked', () => {
    expect(
      buildOverrideSettings({
        status: false,
        params,
        enabledParams: new Set([overrideParamKey(params[1]!)]),
        variables,
        enabledVariables: new Set(['tier']),
      }),
    ).toEqual({ status: false });
  });

  it('round-trips through apiConfig and keeps its other keys (rate limit)', () => {
    const settings = buildOverrideSettings({
      status: true,
      params,
      enabledParams: new Set([overrideParamKey(params[3]!)]),
      variables,
      enabledVariables: new Set(['region']),
    });
    const rateLimit = { status: true, limitMax: '5', limitDuration: '60', limitMsg: 'Slow down' };
    const apiConfig = withOverrideSettings(JSON.stringify({ rateLimit }), settings);
    expect(JSON.parse(apiConfig)).toMatchObject({ rateLimit: { status: true, limitMax: '5' } });
    const back = overrideSettingsOf(apiConfig);
    expect([...enabledParamKeys(back)]).toEqual([overrideParamKey(params[3]!)]);
    expect([...enabledVariableNames(back)]).toEqual(['region']);
    // What the table saves passes the server's check of the column.
    expect(updateChatflowBody.safeParse({ apiConfig }).success).toBe(true);
  });

  it('counts a listed input without an enabled flag as on, as the engine does', () => {
    const back = overrideSettingsOf(
      '{"overrideConfig":{"status":true,"nodes":{"ChatOpenAI":[{"name":"temperature"}]}}}',
    );
    expect(enabledParamKeys(back).has(overrideParamKey(params[1]!))).toBe(true);
  });
});

describe('overrideNodeGroups', () => {
  it('lists one group per node label with its node ids and each input once, in flow order', () => {
    expect(
      overrideNodeGroups(params).map((g) => ({
        node: g.node,
        nodeIds: g.nodeIds,
        names: g.params.map((p) => p.name),
      })),
    ).toEqual([
      { node: 'ChatOpenAI', nodeIds: ['chatOpenAI_0', 'chatOpenAI_1'], names: ['modelName', 'temperature'] },
      { node: 'Buffer Memory', nodeIds: ['bufferMemory_0'], names: ['sessionId'] },
      { node: 'Tool', nodeIds: ['tool_0'], names: ['returnDirect', 'headers'] },
    ]);
    expect(overrideNodeGroups([])).toEqual([]);
  });
});

describe('overrideSnippetFields', () => {
  const on = (...indexes: number[]) =>
    buildOverrideSettings({
      status: true,
      params,
      enabledParams: new Set(indexes.map((i) => overrideParamKey(params[i]!))),
      variables: [],
      enabledVariables: new Set(),
    });

  it('gives no fields while overriding is off: the server would ignore them', () => {
    expect(overrideSnippetFields(params, { status: false })).toEqual([]);
  });

  it('gives the enabled inputs once each, in flow order, options as text', () => {
    expect(overrideSnippetFields(params, on(5, 1, 0))).toEqual([
      { name: 'modelName', type: 'string' },
      { name: 'temperature', type: 'number' },
      { name: 'headers', type: 'json' },
    ]);
  });

  it('feeds the examples with at most four of them, typed examples in overrideConfig', () => {
    const fields = overrideSnippetFields(params, on(0, 1, 3, 4, 5));
    expect(fields).toHaveLength(5);
    const body = apiSnippets({ baseUrl: 'http://h', flowId: 'f', inputFields: fields }).json.curl;
    expect(body).toContain(
      `-d '{"question":"Hey, how are you?","overrideConfig":{"modelName":"example","temperature":1,"sessionId":"example","returnDirect":true}}'`,
    );
  });
});

describe('the apiConfig column check', () => {
  it('refuses override settings of the wrong shape with a message naming them', () => {
    const result = updateChatflowBody.safeParse({
      apiConfig: JSON.stringify({ overrideConfig: { status: 'yes' } }),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('apiConfig: overrideConfig.status must be true or false');
    expect(
      updateChatflowBody.safeParse({
        apiConfig: JSON.stringify({ overrideConfig: { status: true, nodes: [] } }),
      }).success,
    ).toBe(false);
    expect(updateChatflowBody.safeParse({ apiConfig: '[1,2]' }).success).toBe(false);
  });

  it('accepts null, other keys and Flowise settings with extra fields', () => {
    expect(updateChatflowBody.safeParse({ apiConfig: null }).success).toBe(true);
    expect(
      updateChatflowBody.safeParse({
        apiConfig: {
          rateLimit: { status: false },
          overrideConfig: {
            status: true,
            nodes: { 'Chat Model': [{ label: 'T', name: 't', type: 'number', enabled: true, extra: 1 }] },
            variables: [{ id: 'x', name: 'n', type: 'static', enabled: true }],
          },
        },
      }).success,
    ).toBe(true);
  });
});
