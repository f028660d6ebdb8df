import type { NodeType } from '@flowloom/engine';
import { z } from 'zod';
import { booleanInput, objectInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { requireRetriever, type RetrieverHandle } from '../../vector-stores/vector-store.js';
import { SOURCE_DOCUMENTS_MARKER, stringArgument, type ToolHandle } from '../tool.js';

/** Tool names models accept: letters, digits, `_` and `-`, at most 64 characters. */
export function toolNameOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, 64);
}

/**
 * A retriever as a tool: the model gives a search text, the tool answers the contents of the
 * documents found, with the documents themselves after the Flowise marker when asked (agents take
 * them off as the answer's sources).
 */
export function retrieverAsTool(options: {
  name: string;
  description: string;
  retriever: RetrieverHandle;
  returnSourceDocuments: boolean;
  filter?: Record<string, unknown>;
}): ToolHandle {
  const { retriever, filter } = options;
  return {
    kind: 'tool',
    name: toolNameOf(options.name) || 'retriever',
    description: options.description,
    inputSchema: z.object({ input: z.string().describe('What to search for') }),
    async invoke(args) {
      const documents = await retriever.retrieve(stringArgument(args), filter ? { filter } : {});
      const content = documents.map((doc) => doc.pageContent).join('\n\n');
      return options.returnSourceDocuments
        ? `${content}${SOURCE_DOCUMENTS_MARKER}${JSON.stringify(documents)}`
        : content;
    },
  };
}

/**
 * A retriever as a tool an agent may call with a search text: it answers the contents of the
 * documents found (and, with Return Source Documents, those documents for the answer's sources).
 */
export const retrieverTool: NodeType = {
  icon: badgeIcon('RT', '#00897b'),
  definition: {
    label: 'Retriever Tool',
    name: 'retrieverTool',
    version: 3,
    type: 'RetrieverTool',
    category: 'Tools',
    baseClasses: ['RetrieverTool', 'DynamicTool', 'Tool', 'StructuredTool', 'Runnable'],
    description: 'Lets an agent search a retriever',
    inputs: [
      { label: 'Retriever Name', name: 'name', type: 'string', placeholder: 'search_state_of_union' },
      {
        label: 'Retriever Description',
        name: 'description',
        type: 'string',
        description: 'When the model should use it',
        rows: 3,
        placeholder: 'Searches and returns documents regarding the state-of-the-union.',
      },
      { label: 'Retriever', name: 'retriever', type: 'BaseRetriever' },
      { label: 'Return Source Documents', name: 'returnSourceDocuments', type: 'boolean', optional: true },
      {
        label: 'Additional Metadata Filter',
        name: 'retrieverToolMetadataFilter',
        type: 'json',
        description:
          "Added to the vector store's own filter for each search; may use {{$flow.sessionId}}, {{$flow.chatId}}, {{$vars.x}}…",
        optional: true,
        additionalParams: true,
        acceptVariable: true,
      },
    ],
  },
  init(ctx): ToolHandle {
    const name = stringInput(ctx.inputs.name);
    if (!name) throw new Error('Retriever Name is required');
    const retriever = requireRetriever(ctx.inputs.retriever, 'Retriever');
    const filter = objectInput(ctx.inputs.retrieverToolMetadataFilter);
    return retrieverAsTool({
      name,
      description: stringInput(ctx.inputs.description) ?? `Searches ${name}`,
      retriever,
      returnSourceDocuments: booleanInput(ctx.inputs.returnSourceDocuments, false),
      ...(filter && { filter }),
    });
  },
};
