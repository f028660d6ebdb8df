import type { NodeContext } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { cachedLoad } from '../../utilities/cached-load.js';
import {
  POSTGRES_OPTIONS,
  postgresConnectionInputs,
  postgresTarget,
} from '../../connections/postgres-inputs.js';
import {
  postgresQueries,
  sqlErrorCode,
  sqlIdentifier,
  tableNameInput,
} from '../../connections/sql-connections.js';
import type { EmbeddingsHandle } from '../../embeddings/embeddings.js';
import { storeFilterInput } from '../filters.js';
import {
  CHAT_ID_KEY,
  fileUploadInput,
  topKInput,
  vectorStoreNode,
  type FoundDocument,
  type VectorStoreHandle,
  resultCount,
} from '../vector-store.js';

/** pgvector's distance operators, and how each distance reads as a similarity (higher is closer). */
const DISTANCES = {
  cosine: { operator: '<=>', similarity: (d: number) => 1 - d },
  euclidean: { operator: '<->', similarity: (d: number) => 1 / (1 + d) },
  // `<#>` is the negative inner product.
  innerProduct: { operator: '<#>', similarity: (d: number) => -d },
} as const;

const vectorText = (vector: readonly number[]) => `[${vector.join(',')}]`;
/** PostgreSQL refuses NUL characters in text and in JSONB (where JSON writes them `\u0000`). */
const textWithoutNul = (text: string) => text.replace(/\0/g, '');
const jsonWithoutNul = (value: unknown) => JSON.stringify(value).replace(/\\u0000/g, '');

async function openPostgres(ctx: NodeContext, embeddings: EmbeddingsHandle): Promise<VectorStoreHandle> {
  const label = ctx.node.label || 'Postgres';
  const target = await postgresTarget(ctx, label);
  const tableName = tableNameInput(label, ctx.inputs.tableName, 'documents');
  const column = `"${sqlIdentifier(label, 'Content Column Name', stringInput(ctx.inputs.contentColumnName) ?? 'pageContent')}"`;
  const table = `"${tableName}"`;
  const strategy = stringInput(ctx.inputs.distanceStrategy) ?? 'cosine';
  if (!(strategy in DISTANCES))
    throw new Error(
      `${label}: Distance Strategy must be cosine, euclidean or innerProduct (it is ${strategy})`,
    );
  const distance = DISTANCES[strategy as keyof typeof DISTANCES];
  const batchSize = Math.max(1, Math.floor(numberInput(ctx.inputs.batchSize) ?? 500));
  const chatId = booleanInput(ctx.inputs.fileUpload, false) && ctx.run.chatId ? ctx.run.chatId : undefined;

  const query = postgresQueries(ctx, target);
  const missingTable = (error: unknown) => sqlErrorCode(error) === '42P01';

  /** The pgvector extension and the table, made on the first write as Flowise makes them. */
  const ensureTable = cachedLoad(async () => {
    try {
      await query('CREATE EXTENSION IF NOT EXISTS vector');
    } catch (error) {
      // Another writer may create it at the same moment; any other problem shows on the table.
      ctx.run.services.logger.debug(`${label}: CREATE EXTENSION vector failed`, { error: String(error) });
    }
    await query(
      `CREATE TABLE IF NOT EXISTS ${table} ("id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY, ${column} text, metadata jsonb, embedding vector)`,
    );
  }).get;

  return {
    kind: 'vectorStore',
    label,
    embeddings,
    k: resultCount(ctx.inputs.topK),
    filter: storeFilterInput(ctx.inputs.pgMetadataFilter, 'Postgres Metadata Filter'),
    namespaceSuffix: tableName,
    async addVectors(vectors, documents, ids) {
      if (documents.length === 0) return;
      await ensureTable();
      for (let start = 0; start < documents.length; start += batchSize) {
        const values: unknown[] = [];
        const rows = documents.slice(start, start + batchSize).map((doc, j) => {
          const i = start + j;
          values.push(
            ids[i],
            textWithoutNul(doc.pageContent),
            jsonWithoutNul(doc.metadata),
            vectorText(vectors[i]!),
          );
          const n = values.length;
          return `($${n - 3}::uuid, $${n - 2}, $${n - 1}::jsonb, $${n}::vector)`;
        });
        await query(
          `INSERT INTO ${table} ("id", ${column}, metadata, embedding) VALUES ${rows.join(', ')}
           ON CONFLICT ("id") DO UPDATE SET ${column} = EXCLUDED.${column}, metadata = EXCLUDED.metadata, embedding = EXCLUDED.embedding`,
          values,
        );
      }
    },
    async searchByVector(vector, count, options = {}) {
      const values: unknown[] = [vectorText(vector), JSON.stringify(options.filter ?? {}), count];
      // Documents uploaded in a chat (File Upload) are found only by that chat, as in Flowise.
      let chatRule = `NOT (metadata ? '${CHAT_ID_KEY}')`;
      if (chatId) {
        values.push(JSON.stringify({ [CHAT_ID_KEY]: chatId }));
        chatRule = `(${chatRule} OR metadata @> $4::jsonb)`;
      }
      let rows: {
        id: string;
        content: string | null;
        metadata: unknown;
        distance: number;
        vector?: string;
      }[];
      try {
        rows = await query(
          `SELECT "id"::text AS id, ${column} AS content, metadata, embedding ${distance.operator} $1::vector AS distance
             ${options.withVectors ? ', embedding::text AS vector' : ''}
           FROM ${table}
           WHERE metadata @> $2::jsonb AND ${chatRule}
           ORDER BY distance
           LIMIT $3`,
          values,
        );
      } catch (error) {
        if (missingTable(error))
          throw new Error(`${label}: table ${tableName} does not exist yet; upsert documents into it first`, {
            cause: error,
          });
        throw error;
      }
      return rows.map((row): FoundDocument => ({
        document: {
          pageContent: row.content ?? '',
          metadata:
            row.metadata && typeof row.metadata === 'object' ? (row.metadata as Record<string, unknown>) : {},
        },
        score: distance.similarity(Number(row.distance)),
        id: row.id,
        ...(row.vector && { vector: JSON.parse(row.vector) as number[] }),
      }));
    },
    async delete(ids) {
      if (ids.length === 0) return;
      try {
        await query(`DELETE FROM ${table} WHERE "id" = ANY($1::uuid[])`, [ids]);
      } catch (error) {
        if (!missingTable(error)) throw error;
      }
    },
  };
}

/**
 * Postgres with pgvector: documents in one table (`documents` unless named), made on the first
 * upsert with the extension. Filters are JSONB containment on the metadata.
 */
export const postgres = vectorStoreNode({
  label: 'Postgres',
  name: 'postgres',
  version: 7.1,
  type: 'Postgres',
  description:
    'Stores embedded documents in a PostgreSQL table with pgvector and searches them by similarity',
  icon: badgeIcon('Pg', '#336791'),
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['PostgresApi'],
  },
  recordManager: true,
  inputs: [
    ...postgresConnectionInputs,
    {
      label: 'Table Name',
      name: 'tableName',
      type: 'string',
      placeholder: 'documents',
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Distance Strategy',
      name: 'distanceStrategy',
      type: 'options',
      description: 'How the distance between two vectors is measured',
      options: [
        { label: 'Cosine', name: 'cosine' },
        { label: 'Euclidean', name: 'euclidean' },
        { label: 'Inner Product', name: 'innerProduct' },
      ],
      additionalParams: true,
      default: 'cosine',
      optional: true,
    },
    fileUploadInput,
    {
      label: 'Upsert Batch Size',
      name: 'batchSize',
      type: 'number',
      step: 1,
      description: 'Rows written per statement (default 500)',
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Additional Configuration',
      name: 'additionalConfig',
      type: 'json',
      description: `Connection options: ${POSTGRES_OPTIONS.join(', ')} (e.g. {"ssl": {"rejectUnauthorized": false}})`,
      additionalParams: true,
      optional: true,
    },
    topKInput(),
    {
      label: 'Postgres Metadata Filter',
      name: 'pgMetadataFilter',
      type: 'json',
      description: 'Documents whose metadata contains this JSON, e.g. {"source": "a.pdf"}',
      additionalParams: true,
      optional: true,
      acceptVariable: true,
    },
    {
      label: 'Content Column Name',
      name: 'contentColumnName',
      type: 'string',
      description: 'Column the text of each document is kept in',
      placeholder: 'pageContent',
      additionalParams: true,
      optional: true,
    },
  ],
  open: openPostgres,
});
