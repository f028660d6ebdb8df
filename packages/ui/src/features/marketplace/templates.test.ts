import type { MarketplaceTemplate } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import {
  canvasPathFor,
  filterTemplates,
  listOf,
  matchesTemplateSearch,
  NO_FILTERS,
  templateFlowDataOf,
  templateNodes,
  usecaseChoices,
} from './templates';

const flow = (nodes: { name: string; label?: string; category?: string; type?: string }[]) =>
  JSON.stringify({
    nodes: nodes.map((n, i) => ({ id: `${n.name}_${i}`, type: n.type ?? 'customNode', data: n })),
    edges: [],
  });

const t = (over: Partial<MarketplaceTemplate>): MarketplaceTemplate => ({
  id: over.templateName ?? 'x',
  badge: '',
  framework: [],
  usecases: [],
  categories: [],
  type: 'Chatflow',
  description: '',
  ...over,
});

const LIST = [
  t({
    templateName: 'Alpha',
    type: 'AgentflowV2',
    usecases: ['Agent'],
    badge: 'NEW',
    categories: ['Agent Flows'],
  }),
  t({ templateName: 'Beta', framework: ['Langchain'], usecases: ['Basic', 'Extraction'], badge: 'POPULAR' }),
  t({
    templateName: 'Gamma',
    framework: ['LlamaIndex'],
    usecases: ['Documents QnA'],
    description: 'Reads PDFs',
  }),
  t({ templateName: 'Delta', type: 'Tool', usecases: ['Basic'] }),
];

describe('marketplace filters', () => {
  it('matches any chosen value within a filter, and every filter', () => {
    const names = (filters: Partial<typeof NO_FILTERS>) =>
      filterTemplates(LIST, { ...NO_FILTERS, ...filters }).map((x) => x.templateName);
    expect(names({})).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(names({ tags: ['POPULAR', 'NEW'] })).toEqual(['Alpha', 'Beta']);
    expect(names({ types: ['Tool'] })).toEqual(['Delta']);
    expect(names({ frameworks: ['LlamaIndex'] })).toEqual(['Gamma']);
    expect(names({ usecases: ['Basic'] })).toEqual(['Beta', 'Delta']);
    expect(names({ usecases: ['Basic'], types: ['Chatflow'] })).toEqual(['Beta']);
    expect(names({ tags: ['NEW'], types: ['Chatflow'] })).toEqual([]);
  });

  it('offers every use case, disabling those the other filters leave out', () => {
    const { all, available } = usecaseChoices(LIST, { ...NO_FILTERS, types: ['Tool'] });
    expect(all).toEqual(['Agent', 'Basic', 'Documents QnA', 'Extraction']);
    expect([...available]).toEqual(['Basic']);
  });

  it('searches names, descriptions and node categories', () => {
    expect(LIST.filter((x) => matchesTemplateSearch(x, 'pdf')).map((x) => x.templateName)).toEqual(['Gamma']);
    expect(LIST.filter((x) => matchesTemplateSearch(x, 'agent flows')).map((x) => x.templateName)).toEqual([
      'Alpha',
    ]);
    expect(LIST.filter((x) => matchesTemplateSearch(x, 'bet')).map((x) => x.templateName)).toEqual(['Beta']);
  });

  it('reads list fields from arrays, JSON text and plain text', () => {
    expect(listOf(['a', ''])).toEqual(['a']);
    expect(listOf('["a","b"]')).toEqual(['a', 'b']);
    expect(listOf('Langchain')).toEqual(['Langchain']);
    expect(listOf('')).toEqual([]);
    expect(listOf(undefined)).toEqual([]);
  });
});

describe('template nodes and canvases', () => {
  it('lists distinct node types without sticky notes', () => {
    const nodes = templateNodes(
      flow([
        { name: 'chatOpenAI', label: 'ChatOpenAI' },
        { name: 'stickyNote', type: 'stickyNote' },
        { name: 'chatOpenAI', label: 'ChatOpenAI' },
        { name: 'llmChain', label: 'LLM Chain' },
      ]),
    );
    expect(nodes.map((n) => n.name)).toEqual(['chatOpenAI', 'llmChain']);
    expect(templateNodes('not json')).toEqual([]);
  });

  it('opens v2 templates on the v2 canvas, multi-agent ones on the agent canvas, others on the chatflow canvas', () => {
    expect(canvasPathFor(t({ type: 'AgentflowV2' }))).toBe('/v2/agentcanvas');
    expect(canvasPathFor(t({ type: 'Agentflow' }))).toBe('/agentcanvas');
    expect(canvasPathFor(t({ flowData: flow([{ name: 'supervisor', category: 'Multi Agents' }]) }))).toBe(
      '/agentcanvas',
    );
    expect(canvasPathFor(t({ flowData: flow([{ name: 'llmChain', category: 'Chains' }]) }))).toBe('/canvas');
  });

  it('takes a template flow from router state only when it holds nodes and edges', () => {
    expect(templateFlowDataOf({ templateFlowData: '{"nodes":[],"edges":[]}' })).toBe(
      '{"nodes":[],"edges":[]}',
    );
    expect(templateFlowDataOf({ templateFlowData: '{"foo":1}' })).toBeUndefined();
    expect(templateFlowDataOf({ templateFlowData: 3 })).toBeUndefined();
    expect(templateFlowDataOf(null)).toBeUndefined();
  });
});
