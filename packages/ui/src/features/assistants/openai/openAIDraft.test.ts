import { describe, expect, it } from 'vitest';
import type { Assistant } from '@flowloom/shared';
import { detailsOfDraft, draftFromRemote, draftFromSaved, draftProblem, emptyDraft } from './openAIDraft';

const saved = (details: unknown, extra: Partial<Assistant> = {}): Assistant => ({
  id: 'a-1',
  details: typeof details === 'string' ? details : JSON.stringify(details),
  credential: 'cred-1',
  iconSrc: 'https://example.com/bot.png',
  type: 'OPENAI',
  workspaceId: 'ws',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('the OpenAI assistant draft', () => {
  it('reads Flowise-shaped details and writes them back with the files and store the dialog shows', () => {
    const details = {
      id: 'asst_1',
      name: 'Support',
      description: 'Helps',
      model: 'gpt-4o',
      instructions: 'Be kind',
      temperature: 0.3,
      top_p: 0.9,
      tools: ['code_interpreter', 'file_search', 'retrieval'],
      tool_resources: {
        code_interpreter: { file_ids: ['file-1'], files: [{ id: 'file-1', filename: 'a.csv' }] },
        file_search: {
          vector_store_ids: ['vs-1'],
          files: [{ id: 'file-2', filename: 'b.txt' }, { id: 3 }],
          vector_store_object: { id: 'vs-1', name: 'Docs' },
        },
      },
    };
    const draft = draftFromSaved(saved(details));
    expect(draft).toMatchObject({
      openAIId: 'asst_1',
      credential: 'cred-1',
      iconSrc: 'https://example.com/bot.png',
      temperature: '0.3',
      topP: '0.9',
      tools: ['code_interpreter', 'file_search'],
      vectorStore: { id: 'vs-1', name: 'Docs' },
    });
    expect(draft.searchFiles).toEqual([{ id: 'file-2', filename: 'b.txt' }]);
    expect(detailsOfDraft(draft)).toEqual({
      ...details,
      tools: ['code_interpreter', 'file_search'],
      tool_resources: {
        ...details.tool_resources,
        file_search: { ...details.tool_resources.file_search, files: [{ id: 'file-2', filename: 'b.txt' }] },
      },
    });
  });

  it('leaves out the resources of tools switched off, and blank numbers', () => {
    const draft = {
      ...emptyDraft(),
      credential: 'c',
      model: ' gpt-4o ',
      tools: [],
      temperature: '',
      topP: '',
    };
    expect(detailsOfDraft(draft)).toEqual({
      name: '',
      description: '',
      model: 'gpt-4o',
      instructions: '',
      temperature: null,
      top_p: null,
      tools: [],
      tool_resources: {},
    });
  });

  it('takes an assistant read at OpenAI (Load, Sync) over the draft, keeping its credential and icon', () => {
    const base = { ...emptyDraft(), credential: 'cred-2', iconSrc: 'https://x/y.png' };
    const draft = draftFromRemote(
      {
        id: 'asst_9',
        name: 'Remote',
        model: 'gpt-4.1',
        tools: [{ type: 'file_search' }, { type: 'function' }],
        tool_resources: { file_search: { vector_store_ids: ['vs-9'] } },
      },
      base,
    );
    expect(draft).toMatchObject({
      openAIId: 'asst_9',
      name: 'Remote',
      credential: 'cred-2',
      iconSrc: 'https://x/y.png',
      tools: ['file_search'],
      vectorStore: { id: 'vs-9' },
      temperature: '1',
    });
  });

  it('says what is missing or out of range before saving', () => {
    const ok = { ...emptyDraft(), credential: 'c', model: 'gpt-4o' };
    expect(draftProblem(ok)).toBeUndefined();
    expect(draftProblem({ ...ok, credential: '' })).toBe('Choose the credential of the assistant');
    expect(draftProblem({ ...ok, model: ' ' })).toBe('Choose the assistant model');
    expect(draftProblem({ ...ok, temperature: '2.5' })).toBe('Temperature is 0 to 2');
    expect(draftProblem({ ...ok, topP: 'abc' })).toBe('Top P is 0 to 1');
    expect(draftFromSaved(saved('{broken')).model).toBe('');
  });
});
