import type { AgentflowNodeContext, NodeContext, NodeType } from '@flowloom/engine';
import type { ChatModelHandle } from '../../llm/chat-model.js';
import { isChatModel, stringInput } from '../../llm/chat-model.js';
import { createNodeRegistry } from '../../registry.js';
import { asPromise, toolList, type ToolHandle } from '../../tools/tool.js';
import { configInput } from './values.js';

let registry: ReadonlyMap<string, NodeType> | undefined;

/** The chatflow node types a v2 node builds its model or tools from (chosen by name in the form). */
function component(name: string, category: string): NodeType {
  registry ??= createNodeRegistry();
  const type = registry.get(name);
  if (!type || type.definition.category !== category || !type.init)
    throw new Error(`"${name}" is not an available ${category === 'Tools' ? 'tool' : 'chat model'}`);
  return type;
}

/** Runs a chatflow node's `init` with `config` as its inputs, the way Flowise loads a `loadConfig` form. */
function initWith(
  ctx: AgentflowNodeContext,
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
      if (credentialId) return (await ctx.run.services.credentials.get(credentialId)).data;
      return fallbackCredential ? ctx.credential() : {};
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
  const handle = await initWith(ctx, component(name, 'Chat Models'), config, true);
  if (!isChatModel(handle)) throw new Error(`"${name}" did not build a chat model`);
  return handle;
}

/** The tools one tool node builds (a toolkit may build several). */
export async function buildTools(
  ctx: AgentflowNodeContext,
  toolName: unknown,
  config: unknown,
): Promise<ToolHandle[]> {
  const name = stringInput(toolName);
  if (!name) throw new Error('Select a tool');
  const tools = toolList(await initWith(ctx, component(name, 'Tools'), config, false));
  if (tools.length === 0) throw new Error(`"${name}" did not build a tool`);
  return tools;
}
