import { describe, expect, it } from 'vitest';
import type { QueryEngineHandle } from '../../engine/query-engine.js';
import { nodeContext } from '../../testing/node-context.js';
import { queryEngineToolLlamaIndex } from './queryEngineToolLlamaIndex.js';

const engine: QueryEngineHandle = {
  kind: 'queryEngine',
  label: 'Query Engine (queryEngine_0)',
  query: (question) => Promise.resolve({ text: `answer to ${question}`, sourceDocuments: [] }),
};
const build = (inputs: Record<string, unknown>) =>
  queryEngineToolLlamaIndex.init!(nodeContext(queryEngineToolLlamaIndex, { inputs }));

describe('QueryEngine Tool', () => {
  it('offers its engine under a name and a description', () => {
    expect(
      build({ baseQueryEngine: engine, toolName: 'annual_report', toolDesc: ' The 2023 report ' }),
    ).toEqual({
      kind: 'queryEngineTool',
      name: 'annual_report',
      description: 'The 2023 report',
      engine,
    });
  });

  it('refuses what the model could not route by', () => {
    const base = { baseQueryEngine: engine, toolName: 'report', toolDesc: 'The report' };
    expect(() => build({ ...base, baseQueryEngine: 'text' })).toThrow(
      'Base QueryEngine must be a connected query engine',
    );
    for (const toolName of ['', 'annual report', 'x'.repeat(65), 'rapport_année'])
      expect(() => build({ ...base, toolName })).toThrow('Tool Name must be 1 to 64 letters, digits, _ or -');
    expect(() => build({ ...base, toolDesc: '  ' })).toThrow('Tool Description is required');
    expect(() => build({ ...base, toolDesc: 'x'.repeat(2_001) })).toThrow(
      'Tool Description is longer than 2,000 characters',
    );
  });
});
