import { FlowValidationError, planChatflow, type NodeRegistry, type NodeType } from '@flowloom/engine';
import type { AssistantComponent, CustomAssistantDetails, FlowData } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import {
  credentialOf,
  isOfferedChatModel,
  missingSettings,
  settingsOf,
  toolTypes,
} from './assistant-components.js';
import { buildAssistantFlow, knowledgeToolName, type FlowComponent } from './assistant-flow.js';

/** What checking details needs to read from the workspace. */
export interface DetailsLookups {
  /** The stores of the workspace among these ids, with their names. */
  documentStores(ids: readonly string[]): Promise<{ id: string; name: string }[]>;
  /** The credentials of the workspace among these ids, with their type. */
  credentials(ids: readonly string[]): Promise<{ id: string; name: string; credentialName: string }[]>;
}

/** Details as stored, and the flow they run as (absent while no chat model is chosen). */
export interface CheckedDetails {
  details: Record<string, unknown>;
  flow: FlowData | undefined;
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** "A", "A and B", "A, B and C". */
function listed(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

function component(
  type: NodeType,
  chosen: AssistantComponent,
  what: string,
): FlowComponent & { credential: string | undefined } {
  const inputs = settingsOf(type, chosen.inputs);
  const credential = credentialOf(chosen);
  const missing = missingSettings(type, inputs, credential);
  if (missing.length > 0) throw bad(`${what} ${type.definition.label} needs ${listed(missing)}`);
  return { type, inputs, credential };
}

/** The credentials named must be the workspace's, and of a type the component takes. */
async function checkCredentials(parts: FlowComponent[], lookups: DetailsLookups): Promise<void> {
  const ids = [...new Set(parts.flatMap((part) => (part.credential ? [part.credential] : [])))];
  const found = new Map((await lookups.credentials(ids)).map((row) => [row.id, row]));
  for (const part of parts) {
    if (!part.credential) continue;
    const row = found.get(part.credential);
    if (!row) throw bad(`Credential ${part.credential} not found in this workspace`);
    const takes = part.type.definition.credential?.credentialNames;
    if (takes && !takes.includes(row.credentialName))
      throw bad(
        `Credential "${row.name}" is a ${row.credentialName} credential; ${part.type.definition.label} takes ${listed(takes)}`,
      );
  }
}

/**
 * Checks a custom assistant's details against the node types and the workspace, and builds the flow
 * that runs it: the chat model must be one of the chat models with its required settings and
 * credential; each tool one of the offered tools, likewise complete; each document store one of the
 * workspace's, described (its description tells the model when to search it). The details come back
 * in Flowise's stored shape: the model and tools as the flow's nodes, the stores with their names.
 */
export async function checkDetails(
  flowId: string,
  details: CustomAssistantDetails,
  registry: NodeRegistry,
  lookups: DetailsLookups,
): Promise<CheckedDetails> {
  const { chatModel } = details;
  const base = { name: details.name, instruction: details.instruction };
  if (!chatModel) {
    if (details.tools.length > 0 || details.documentStores.length > 0)
      throw bad('Choose a chat model: an assistant with tools or knowledge needs one');
    return { details: { ...base, documentStores: [], tools: [] }, flow: undefined };
  }
  const modelType = registry.get(chatModel.name);
  if (!isOfferedChatModel(modelType))
    throw bad(`Unknown chat model "${chatModel.name}": choose one of the chat models offered`);
  const model = component(modelType, chatModel, 'Chat model');

  const offered = new Map(toolTypes(registry).map((type) => [type.definition.name, type]));
  const tools = details.tools.map((tool) => {
    const type = offered.get(tool.name);
    if (!type) throw bad(`Unknown tool "${tool.name}": choose one of the tools offered`);
    return component(type, tool, 'Tool');
  });
  await checkCredentials([model, ...tools], lookups);

  const storeIds = details.documentStores.map((store) => store.id);
  const stores = new Map((await lookups.documentStores(storeIds)).map((row) => [row.id, row.name]));
  const seen = new Set<string>();
  const taken = new Set<string>();
  const knowledge = details.documentStores.map((chosen) => {
    const name = stores.get(chosen.id);
    if (name === undefined) throw bad(`Document store ${chosen.id} not found in this workspace`);
    if (seen.has(chosen.id)) throw bad(`Document store "${name}" is chosen twice`);
    seen.add(chosen.id);
    const description = chosen.description.trim();
    if (!description)
      throw bad(
        `Describe the knowledge in document store "${name}": the assistant reads the description to decide when to search it`,
      );
    const toolName = knowledgeToolName(name, taken);
    taken.add(toolName);
    return {
      storeId: chosen.id,
      name,
      toolName,
      description,
      returnSourceDocuments: chosen.returnSourceDocuments ?? false,
    };
  });

  const flow = buildAssistantFlow(
    { chatModel: model, instruction: details.instruction, tools, knowledge },
    registry,
  );
  try {
    planChatflow(flow, registry);
  } catch (error) {
    if (error instanceof FlowValidationError) throw bad(error.message);
    throw error;
  }
  const nodeOf = (nodeId: string) => flow.nodes.find((node) => node.id === nodeId)!.data;
  return {
    details: {
      ...base,
      chatModel: nodeOf(`${modelType.definition.name}_0`),
      flowId,
      documentStores: knowledge.map(({ storeId, name, description, returnSourceDocuments }) => ({
        id: storeId,
        name,
        description,
        returnSourceDocuments,
      })),
      tools: tools.map((tool, index) => nodeOf(`${tool.type.definition.name}_${index}`)),
    },
    flow,
  };
}
