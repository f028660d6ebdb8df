import { randomBytes } from 'node:crypto';
import type { RunContext } from '@flowloom/engine';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { openStoreParts, vectorStoreOf } from '../../document-store/components.js';
import { retrieverAsTool, toolNameOf } from '../../tools/retrieverTool/retrieverTool.js';
import type { ToolHandle } from '../../tools/tool.js';
import { openDocumentStore } from '../../vector-stores/documentStoreVS/documentStoreVS.js';
import { retrieverOf } from '../../vector-stores/vector-store.js';
import { componentRegistry } from './components.js';
import { configInput, rowsInput, textInput } from './values.js';

/** `"<storeId>:<storeName>"`, as the store pickers save a choice. */
export function storeChoice(value: unknown): { id: string; name: string } | undefined {
  const text = textInput(value);
  if (!text) return undefined;
  const at = text.indexOf(':');
  return at < 0 ? { id: text, name: text } : { id: text.slice(0, at), name: text.slice(at + 1) };
}

/** A tool name from a store or knowledge name, or a made-up one when nothing usable is left. */
function knowledgeToolName(name: string): string {
  return toolNameOf(name) || `tool_${Date.now()}_${randomBytes(3).toString('hex').slice(0, 5)}`;
}

interface StoreRow {
  documentStore?: unknown;
  docStoreDescription?: unknown;
  returnSourceDocuments?: unknown;
}

interface VectorRow {
  vectorStore?: unknown;
  vectorStoreConfig?: unknown;
  embeddingModel?: unknown;
  embeddingModelConfig?: unknown;
  knowledgeName?: unknown;
  knowledgeDescription?: unknown;
  returnSourceDocuments?: unknown;
}

/**
 * The Agent's knowledge as tools it may call (AGENTFLOW_V2.md §1.3): each upserted document store,
 * and each vector store opened with its embeddings, becomes a retriever tool named after it.
 */
export async function knowledgeTools(
  run: RunContext,
  inputs: { stores: unknown; vectors: unknown },
): Promise<ToolHandle[]> {
  const tools: ToolHandle[] = [];
  for (const row of rowsInput<StoreRow>(inputs.stores)) {
    const choice = storeChoice(row.documentStore);
    if (!choice) continue;
    const store = await openDocumentStore(run, choice.id);
    tools.push(
      retrieverAsTool({
        name: knowledgeToolName(choice.name),
        description:
          stringInput(textInput(row.docStoreDescription)) ?? `Searches the document store ${choice.name}`,
        retriever: retrieverOf(store, { k: store.k }),
        returnSourceDocuments: booleanInput(row.returnSourceDocuments, false),
      }),
    );
  }
  for (const row of rowsInput<VectorRow>(inputs.vectors)) {
    const vectorStore = stringInput(textInput(row.vectorStore));
    const embedding = stringInput(textInput(row.embeddingModel));
    if (!vectorStore || !embedding) continue;
    const name = stringInput(textInput(row.knowledgeName)) ?? vectorStore;
    const opened = await openStoreParts(
      componentRegistry(run),
      run,
      {
        embedding: { name: embedding, config: configInput(row.embeddingModelConfig) },
        vectorStore: { name: vectorStore, config: configInput(row.vectorStoreConfig) },
        recordManager: null,
      },
      run.flowId,
      { recordManager: false },
    );
    const store = await vectorStoreOf(opened);
    tools.push(
      retrieverAsTool({
        name: knowledgeToolName(name),
        description: stringInput(textInput(row.knowledgeDescription)) ?? `Searches ${name}`,
        retriever: retrieverOf(store, { k: store.k }),
        returnSourceDocuments: booleanInput(row.returnSourceDocuments, false),
      }),
    );
  }
  return tools;
}
