import { describe, expect, it } from 'vitest';
import { definitions } from '../document/fixtures/definitions';
import { groupNodes, matchesNodeSearch } from './groupNodes';

describe('palette grouping', () => {
  it('groups node types by category, sorted', () => {
    const groups = groupNodes(definitions);
    expect(groups.map((g) => g.category)).toEqual([
      'Chains',
      'Chat Models',
      'Memory',
      'Prompts',
      'Utilities',
    ]);
    expect(groups[0]!.nodes.map((n) => n.label)).toEqual(['Conversation Chain', 'LLM Chain']);
  });

  it('searches labels and descriptions, every word', () => {
    expect(groupNodes(definitions, 'chain').flatMap((g) => g.nodes.map((n) => n.name))).toEqual([
      'conversationChain',
      'llmChain',
    ]);
    const sticky = definitions.find((d) => d.name === 'stickyNote')!;
    expect(matchesNodeSearch(sticky, 'add note')).toBe(true);
    expect(matchesNodeSearch(sticky, 'add model')).toBe(false);
    expect(groupNodes(definitions, 'zzz')).toEqual([]);
  });
});
