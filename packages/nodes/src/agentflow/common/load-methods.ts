import type { LoadMethod } from '@flowloom/engine';
import type { LoadMethodNode, ParamOption } from '@flowloom/shared';
import { componentOptions, toolArgumentOptions, TOOL_CATEGORIES } from './components.js';
import { rowsInput, textInput } from './values.js';

/**
 * The load methods of the v2 nodes, by the names Flowise's v2 node definitions use in `loadMethod`
 * (each node lists the ones its inputs name). They answer `[{label, name, description?}]`.
 */

const FLOW_TYPE_LABELS: Record<string, string> = {
  CHATFLOW: 'Chatflow',
  AGENTFLOW: 'Agentflow V2',
  MULTIAGENT: 'Agentflow V1',
};

const START = 'startAgentflow';

/** Chat models a model input may pick (the Chat Models components). */
export const listModels: LoadMethod = () => Promise.resolve(componentOptions('Chat Models'));

/**
 * Tool components an Agent or Tool node may pick, MCP servers included (Flowise); the workspace's
 * custom tools are chosen inside the "Custom Tool" component's own form (Flowise).
 */
export const listTools: LoadMethod = () => Promise.resolve(componentOptions(...TOOL_CATEGORIES));

export const listVectorStores: LoadMethod = () => Promise.resolve(componentOptions('Vector Stores'));

export const listEmbeddings: LoadMethod = () => Promise.resolve(componentOptions('Embeddings'));

/** The keys of the Flow State the Start node declares (`startState` rows), for "Update Flow State". */
export const listRuntimeStateKeys: LoadMethod = (ctx) => {
  const start: LoadMethodNode | undefined =
    ctx.previousNodes.find((n) => n.name === START) ??
    (ctx.currentNode?.name === START ? ctx.currentNode : undefined);
  const keys = new Set<string>();
  for (const row of rowsInput<{ key?: unknown }>(start?.inputs.startState)) {
    const key = textInput(row.key).trim();
    if (key) keys.add(key);
  }
  return Promise.resolve([...keys].map((key) => ({ label: key, name: key })));
};

/**
 * The nodes upstream of a Loop it may jump back to. The stored value is `"<id>-<label>"`, as in
 * Flowise flow files; the run reads the id before the first `-`.
 */
export const listPreviousNodes: LoadMethod = (ctx) =>
  Promise.resolve(
    ctx.previousNodes
      .filter((n) => n.id !== ctx.currentNode?.id && n.name !== 'stickyNoteAgentflow')
      .map((n) => ({ label: `${n.label} (${n.id})`, name: `${n.id}-${n.label}` })),
  );

/** Flows of the workspace Execute Flow may run (assistants are not flows one can call). */
export const listFlows: LoadMethod = async (ctx) =>
  (await ctx.services.listFlows())
    .filter((f) => f.type in FLOW_TYPE_LABELS)
    .map((f) => ({ label: f.name, name: f.id, description: FLOW_TYPE_LABELS[f.type] }));

/** Upserted document stores of the workspace; the stored value is `"<id>:<name>"` (Flowise). */
export const listStores: LoadMethod = async (ctx) =>
  (await ctx.services.listDocumentStores())
    .filter((s) => s.status === 'UPSERTED')
    .map((s): ParamOption => ({
      label: s.name,
      name: `${s.id}:${s.name}`,
      ...(s.description && { description: s.description }),
    }));

/** The arguments of the tool a Tool node picked (`toolAgentflowSelectedTool` and its config). */
export const listToolInputArgs: LoadMethod = (ctx) => {
  const inputs = { ...ctx.currentNode?.inputs, ...ctx.inputs };
  return toolArgumentOptions(ctx, inputs.toolAgentflowSelectedTool, inputs.toolAgentflowSelectedToolConfig);
};
