import { z } from 'zod';
import type { JSONSchema7 } from 'ai';
import {
  credentialForNode,
  quietRun,
  type AgentflowNodeContext,
  type LoadMethodContext,
  type NodeContext,
  type NodeRegistry,
  type NodeType,
  type RunContext,
} from '@flowloom/engine';
import type { ParamOption } from '@flowloom/shared';
import type { ChatModelHandle } from '../../llm/chat-model.js';
import { isChatModel, stringInput } from '../../llm/chat-model.js';
import { isLlamaIndexNode } from '../../llamaindex/variant.js';
import { createNodeRegistry } from '../../registry.js';
import { asPromise, toolList, type ToolHandle } from '../../tools/tool.js';
import { configInput } from './values.js';

let registry: NodeRegistry | undefined;
/**
 * The chatflow node types v2 nodes build parts from (models, tools, knowledge stores): those the run
 * was started with, or else the package's own list (made once per process) where a run has none, as
 * when the canvas lists options.
 */
export const componentRegistry = (run?: RunContext): NodeRegistry =>
  run?.components ?? (registry ??= createNodeRegistry());

/** The categories of tool components: Flowise lists MCP servers as tools too. */
export const TOOL_CATEGORIES = ['Tools', 'Tools (MCP)'] as const;

/** The chatflow node types a v2 node builds its model or tools from (chosen by name in the form). */
function component(run: RunContext, name: string, categories: readonly string[]): NodeType {
  const type = componentRegistry(run).get(name);
  if (
    !type ||
    !categories.includes(type.definition.category) ||
    !type.init ||
    isLlamaIndexNode(type.definition)
  )
    throw new Error(`"${name}" is not an available ${categories.includes('Tools') ? 'tool' : 'chat model'}`);
  return type;
}

/**
 * Vector stores that cannot stand alone as knowledge: one reads a store, one keeps nothing, one is
 * absent. LlamaIndex-tagged nodes are never components (Flowise leaves them out of these lists).
 */
const NOT_COMPONENTS = new Set(['documentStoreVS', 'memoryVectorStore', 'faiss']);

/**
 * A node that needs another node connected to it (a retriever tool needs its retriever) cannot be
 * picked as a component: a form has no way to connect one. The embeddings a vector store needs are
 * given beside it (Knowledge (Vector Embeddings)), so that anchor does not count.
 */
function needsConnection(type: NodeType): boolean {
  return type.definition.inputs.some(
    (input) => /^[A-Z]/.test(input.type) && !input.optional && input.name !== 'embeddings',
  );
}

/**
 * The components of some categories a v2 node may pick (its `listModels`, `listTools`… options), in
 * registry order. Only types that build something (`init`) can be picked.
 */
export function componentOptions(...categories: string[]): ParamOption[] {
  return [...componentRegistry().values()]
    .filter(
      (t) =>
        categories.includes(t.definition.category) &&
        t.init !== undefined &&
        !isLlamaIndexNode(t.definition) &&
        !needsConnection(t) &&
        !NOT_COMPONENTS.has(t.definition.name),
    )
    .map(({ definition }) => ({
      label: definition.label,
      name: definition.name,
      ...(definition.description && { description: definition.description }),
    }));
}

/** What building a component needs from the node that picked it. */
type ComponentHost = Pick<AgentflowNodeContext, 'node' | 'run' | 'credential'>;

/** Runs a chatflow node's `init` with `config` as its inputs, the way Flowise loads a `loadConfig` form. */
function initWith(
  ctx: ComponentHost,
  type: NodeType,
  rawConfig: unknown,
  fallbackCredential: boolean,
): Promise<unknown> {
  const config = configInput(rawConfig);
  const credentialId = stringInput(config.FLOWISE_CREDENTIAL_ID) ?? stringInput(config.credential);
  const defaults = Object.fromEntries(
    type.definition.inputs.filter((i) => i.default !== undefined).map((i) => [i.name, i.default]),
  );
  // The canvas stores '' for untouched fields; those fall back to the component's defaults.
  const inputs = { ...defaults, ...Object.fromEntries(Object.entries(config).filter(([, v]) => v !== '')) };
  const nodeCtx: NodeContext = {
    node: { ...ctx.node, name: type.definition.name, inputs },
    inputs,
    outputName: undefined,
    credential: async () => {
      if (credentialId)
        return credentialForNode(type.definition, await ctx.run.services.credentials.get(credentialId));
      return fallbackCredential ? ctx.credential() : {};
    },
    refreshCredential: async () => {
      const { credentials } = ctx.run.services;
      if (!credentialId) throw new Error('The component has no credential to renew');
      if (!credentials.refreshOAuth2) throw new Error('Credentials cannot be renewed here');
      return (await credentials.refreshOAuth2(credentialId)).data;
    },
    run: ctx.run,
  };
  return asPromise(() => type.init!(nodeCtx));
}

/** The chat model a v2 node names in `<param>` and configures in `<param>Config`. */
export async function buildChatModel(
  ctx: AgentflowNodeContext,
  modelName: unknown,
  config: unknown,
): Promise<ChatModelHandle> {
  const name = stringInput(modelName);
  if (!name) throw new Error('Select a model');
  const handle = await initWith(ctx, component(ctx.run, name, ['Chat Models']), config, true);
  if (!isChatModel(handle)) throw new Error(`"${name}" did not build a chat model`);
  return handle;
}

/** The tools one tool node builds (a toolkit may build several). */
export async function buildTools(
  ctx: ComponentHost,
  toolName: unknown,
  config: unknown,
): Promise<ToolHandle[]> {
  const name = stringInput(toolName);
  if (!name) throw new Error('Select a tool');
  const tools = toolList(await initWith(ctx, component(ctx.run, name, TOOL_CATEGORIES), config, false));
  if (tools.length === 0) throw new Error(`"${name}" did not build a tool`);
  return tools;
}

/**
 * A run context for building a component while the canvas lists options: credentials and custom
 * tools of the workspace are readable, nothing can be called.
 */
function listingRun(ctx: LoadMethodContext): RunContext {
  const unavailable = (what: string) => () =>
    Promise.reject(new Error(`${what} is not available while listing options`));
  const { services } = ctx;
  return quietRun({
    credentials: services.credentials,
    tools: services.tools,
    logger: services.logger,
    chatHistory: { load: () => Promise.resolve([]) },
    http: unavailable('Outbound HTTP'),
    sandbox: { run: unavailable('Running code') },
    runFlow: unavailable('Running a flow'),
    files: { read: unavailable('Reading files') },
    vectors: {
      upsert: unavailable('The vector store'),
      search: unavailable('The vector store'),
      delete: unavailable('The vector store'),
      deleteWhere: unavailable('The vector store'),
      count: unavailable('The vector store'),
    },
    records: {
      now: unavailable('The record manager'),
      exists: unavailable('The record manager'),
      update: unavailable('The record manager'),
      listKeys: unavailable('The record manager'),
      deleteKeys: unavailable('The record manager'),
    },
    checkpoints: {
      load: unavailable('Agent memory'),
      save: unavailable('Agent memory'),
      clear: unavailable('Agent memory'),
    },
    documentStores: {
      list: unavailable('Document stores'),
      get: unavailable('Document stores'),
      chunks: unavailable('Document stores'),
    },
    providerBaseUrls: {},
    // Nothing is called while listing, so no address is ever allowed.
    addressCheck: () => 'not reachable while listing options',
    now: () => new Date(),
  });
}

/** The argument names (and descriptions) of the tools a tool component builds, for the canvas. */
export async function toolArgumentOptions(
  ctx: LoadMethodContext,
  toolName: unknown,
  config: unknown,
): Promise<ParamOption[]> {
  const host: ComponentHost = { node: ctx.node, run: listingRun(ctx), credential: () => ctx.credential() };
  const options = new Map<string, ParamOption>();
  for (const tool of await buildTools(host, toolName, config)) {
    const schema = (
      '~standard' in tool.inputSchema ? z.toJSONSchema(tool.inputSchema) : tool.inputSchema
    ) as JSONSchema7;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const description = typeof property === 'object' ? property.description : undefined;
      if (!options.has(name)) options.set(name, { label: name, name, ...(description && { description }) });
    }
  }
  return [...options.values()];
}
