import type { RecordStore } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { stringInput } from '../llm/chat-model.js';
import { badgeIcon } from '../utilities/icons.js';

export const RECORD_MANAGER_CATEGORY = 'Record Manager';
export const recordManagerIcon = badgeIcon('RM', '#6d4c41');

export type Cleanup = 'none' | 'incremental' | 'full';

/**
 * What a record manager node builds: where the hashes of indexed documents are kept, and how an
 * upsert cleans up (vector stores index through it so the same document is never added twice).
 */
export interface RecordManagerHandle {
  kind: 'recordManager';
  label: string;
  /** Namespace set on the node; the flow id (or document store id) when unset. */
  namespace: string | undefined;
  cleanup: Cleanup;
  /** Metadata key naming a document's source (incremental cleanup groups by it). */
  sourceIdKey: string;
  store: RecordStore;
}

export function isRecordManager(value: unknown): value is RecordManagerHandle {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'recordManager'
  );
}

/** Namespace, Cleanup and SourceId Key: the inputs every record manager ends with (Flowise names). */
export const recordManagerInputs: NodeParam[] = [
  {
    label: 'Namespace',
    name: 'namespace',
    type: 'string',
    description: 'If not specified, the flow id (or the document store id) is used',
    additionalParams: true,
    optional: true,
  },
  {
    label: 'Cleanup',
    name: 'cleanup',
    type: 'options',
    description:
      'Read [more](https://js.langchain.com/docs/modules/data_connection/indexing/#deletion-modes) on cleanup modes',
    options: [
      { label: 'None', name: 'none', description: 'No clean up of old content' },
      {
        label: 'Incremental',
        name: 'incremental',
        description:
          'Delete previous versions of the content if content of the source document has changed. Important!! SourceId Key must be specified and document metadata must contain the specified key',
      },
      {
        label: 'Full',
        name: 'full',
        description:
          'Same as incremental, but if the source document has been deleted, it will be deleted from vector store as well, incremental mode will not.',
      },
    ],
    additionalParams: true,
    default: 'none',
  },
  {
    label: 'SourceId Key',
    name: 'sourceIdKey',
    type: 'string',
    description:
      'Key used to get the true source of document, to be compared against the record. Document metadata must contain SourceId Key',
    default: 'source',
    placeholder: 'source',
    additionalParams: true,
    optional: true,
  },
];

/** The handle of a record manager node from its inputs and the table it keeps records in. */
export function recordManagerOf(
  label: string,
  inputs: Record<string, unknown>,
  store: RecordStore,
): RecordManagerHandle {
  const cleanup = stringInput(inputs.cleanup) ?? 'none';
  if (cleanup !== 'none' && cleanup !== 'incremental' && cleanup !== 'full')
    throw new Error(`Cleanup must be none, incremental or full (it is ${cleanup})`);
  return {
    kind: 'recordManager',
    label,
    namespace: stringInput(inputs.namespace),
    cleanup,
    sourceIdKey: stringInput(inputs.sourceIdKey) ?? 'source',
    store,
  };
}
