import { type Kysely, type CreateTableBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations build schema for any database shape */
type Db = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

const id = (t: Table) => t.addColumn('id', 'text', (c) => c.primaryKey());
const dated = (t: Table) =>
  t.addColumn('createdDate', 'text', (c) => c.notNull()).addColumn('updatedDate', 'text', (c) => c.notNull());
const audited = (t: Table) => dated(t).addColumn('createdBy', 'text').addColumn('updatedBy', 'text');
const inWorkspace = (t: Table) =>
  t.addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'));

async function index(db: Db, table: string, ...columns: string[]) {
  await db.schema
    .createIndex(`idx_${table}_${columns.join('_')}`)
    .ifNotExists()
    .on(table)
    .columns(columns)
    .execute();
}

/** Every table of DESIGN.md, created in dependency order. */
export async function up(db: Db): Promise<void> {
  const s = db.schema;
  await audited(
    id(s.createTable('user'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('credential', 'text')
      .addColumn('tempToken', 'text')
      .addColumn('tokenExpiry', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('lastLogin', 'text'),
  ).execute();

  await audited(
    id(s.createTable('organization'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('customerId', 'text')
      .addColumn('subscriptionId', 'text'),
  ).execute();

  await audited(
    id(s.createTable('role'))
      .addColumn('organizationId', 'text', (c) => c.references('organization.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();

  await audited(
    s
      .createTable('organization_user')
      .addColumn('organizationId', 'text', (c) =>
        c.notNull().references('organization.id').onDelete('cascade'),
      )
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('roleId', 'text', (c) => c.notNull().references('role.id'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addPrimaryKeyConstraint('pk_organization_user', ['organizationId', 'userId']),
  ).execute();

  await audited(
    id(s.createTable('workspace'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('organizationId', 'text', (c) =>
        c.notNull().references('organization.id').onDelete('cascade'),
      ),
  ).execute();

  await audited(
    s
      .createTable('workspace_user')
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('roleId', 'text', (c) => c.notNull().references('role.id'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('lastLogin', 'text')
      .addPrimaryKeyConstraint('pk_workspace_user', ['workspaceId', 'userId']),
  ).execute();
  await index(db, 'workspace_user', 'userId');

  await id(s.createTable('login_activity'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('userId', 'text')
    .addColumn('activityCode', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('attemptedDateTime', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'login_activity', 'attemptedDateTime');

  await id(s.createTable('login_session'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .addColumn('activeWorkspaceId', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('revokedAt', 'text')
    .execute();
  await index(db, 'login_session', 'userId');

  await inWorkspace(
    dated(
      id(s.createTable('api_key'))
        .addColumn('keyName', 'text', (c) => c.notNull())
        .addColumn('apiKeyHash', 'text', (c) => c.notNull().unique())
        .addColumn('apiKeyPreview', 'text', (c) => c.notNull())
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]')),
    ),
  ).execute();
  await index(db, 'api_key', 'workspaceId');

  await inWorkspace(
    dated(
      id(s.createTable('chat_flow'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('flowData', 'text', (c) => c.notNull())
        .addColumn('deployed', 'integer')
        .addColumn('isPublic', 'integer')
        .addColumn('apikeyid', 'text')
        .addColumn('chatbotConfig', 'text')
        .addColumn('apiConfig', 'text')
        .addColumn('analytic', 'text')
        .addColumn('speechToText', 'text')
        .addColumn('textToSpeech', 'text')
        .addColumn('followUpPrompts', 'text')
        .addColumn('category', 'text')
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('CHATFLOW'))
        .addColumn('mcpServerConfig', 'text')
        .addColumn('webhookSecret', 'text'),
    ),
  ).execute();
  await index(db, 'chat_flow', 'workspaceId', 'type', 'updatedDate');

  await id(s.createTable('execution'))
    .addColumn('executionData', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('agentflowId', 'text', (c) => c.notNull().references('chat_flow.id').onDelete('cascade'))
    .addColumn('sessionId', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('isPublic', 'integer')
    .addColumn('stoppedDate', 'text')
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .addColumn('updatedDate', 'text', (c) => c.notNull())
    .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .execute();
  await index(db, 'execution', 'agentflowId');
  await index(db, 'execution', 'sessionId');
  await index(db, 'execution', 'workspaceId', 'updatedDate');

  await id(s.createTable('chat_message'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('chatflowid', 'text', (c) => c.notNull().references('chat_flow.id').onDelete('cascade'))
    .addColumn('executionId', 'text', (c) => c.references('execution.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sourceDocuments', 'text')
    .addColumn('usedTools', 'text')
    .addColumn('fileAnnotations', 'text')
    .addColumn('agentReasoning', 'text')
    .addColumn('reasonContent', 'text')
    .addColumn('fileUploads', 'text')
    .addColumn('artifacts', 'text')
    .addColumn('action', 'text')
    .addColumn('chatType', 'text', (c) => c.notNull())
    .addColumn('chatId', 'text', (c) => c.notNull())
    .addColumn('memoryType', 'text')
    .addColumn('sessionId', 'text')
    .addColumn('leadEmail', 'text')
    .addColumn('followUpPrompts', 'text')
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'chat_message', 'chatflowid', 'sessionId', 'createdDate');
  await index(db, 'chat_message', 'chatflowid', 'chatId');

  await id(s.createTable('chat_message_feedback'))
    .addColumn('chatflowid', 'text', (c) => c.notNull().references('chat_flow.id').onDelete('cascade'))
    .addColumn('chatId', 'text', (c) => c.notNull())
    .addColumn('messageId', 'text', (c) =>
      c.notNull().unique().references('chat_message.id').onDelete('cascade'),
    )
    .addColumn('rating', 'text')
    .addColumn('content', 'text')
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'chat_message_feedback', 'chatflowid', 'chatId');

  await id(s.createTable('lead'))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('chatflowid', 'text', (c) => c.notNull().references('chat_flow.id').onDelete('cascade'))
    .addColumn('chatId', 'text', (c) => c.notNull())
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'lead', 'chatflowid');

  await inWorkspace(
    dated(
      id(s.createTable('credential'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credentialName', 'text', (c) => c.notNull())
        .addColumn('encryptedData', 'text', (c) => c.notNull()),
    ),
  ).execute();
  await index(db, 'credential', 'workspaceId');

  await inWorkspace(
    dated(
      id(s.createTable('variable'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('static')),
    ),
  ).execute();
  await db.schema
    .createIndex('uq_variable_workspace_name')
    .ifNotExists()
    .unique()
    .on('variable')
    .columns(['workspaceId', 'name'])
    .execute();

  await inWorkspace(
    dated(
      id(s.createTable('tool'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('iconSrc', 'text')
        .addColumn('schema', 'text')
        .addColumn('func', 'text'),
    ),
  ).execute();
  await index(db, 'tool', 'workspaceId');

  await inWorkspace(
    dated(
      id(s.createTable('assistant'))
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('credential', 'text')
        .addColumn('iconSrc', 'text')
        .addColumn('type', 'text'),
    ),
  ).execute();
  await index(db, 'assistant', 'workspaceId');

  await inWorkspace(
    dated(
      id(s.createTable('custom_template'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('flowData', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('badge', 'text')
        .addColumn('framework', 'text')
        .addColumn('usecases', 'text')
        .addColumn('type', 'text'),
    ),
  ).execute();
  await index(db, 'custom_template', 'workspaceId');

  await inWorkspace(
    dated(
      id(s.createTable('document_store'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('loaders', 'text')
        .addColumn('whereUsed', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('EMPTY'))
        .addColumn('vectorStoreConfig', 'text')
        .addColumn('embeddingConfig', 'text')
        .addColumn('recordManagerConfig', 'text'),
    ),
  ).execute();
  await index(db, 'document_store', 'workspaceId');

  await id(s.createTable('document_store_file_chunk'))
    .addColumn('docId', 'text', (c) => c.notNull())
    .addColumn('storeId', 'text', (c) => c.notNull().references('document_store.id').onDelete('cascade'))
    .addColumn('chunkNo', 'integer', (c) => c.notNull())
    .addColumn('pageContent', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text')
    .execute();
  await index(db, 'document_store_file_chunk', 'storeId', 'docId', 'chunkNo');

  await id(s.createTable('upsert_history'))
    .addColumn('chatflowid', 'text', (c) => c.notNull().references('chat_flow.id').onDelete('cascade'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('flowData', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'upsert_history', 'chatflowid');

  await inWorkspace(
    dated(
      id(s.createTable('dataset'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text'),
    ),
  ).execute();
  await index(db, 'dataset', 'workspaceId');

  await id(s.createTable('dataset_row'))
    .addColumn('datasetId', 'text', (c) => c.notNull().references('dataset.id').onDelete('cascade'))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('output', 'text')
    .addColumn('sequenceNo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updatedDate', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'dataset_row', 'datasetId', 'sequenceNo');

  await inWorkspace(
    dated(
      id(s.createTable('evaluator'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}')),
    ),
  ).execute();
  await index(db, 'evaluator', 'workspaceId');

  await inWorkspace(
    id(s.createTable('evaluation'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('evaluationType', 'text', (c) => c.notNull())
      .addColumn('chatflowId', 'text', (c) => c.notNull())
      .addColumn('chatflowName', 'text', (c) => c.notNull())
      .addColumn('datasetId', 'text', (c) => c.notNull())
      .addColumn('datasetName', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('averageMetrics', 'text')
      .addColumn('additionalConfig', 'text')
      .addColumn('runDate', 'text', (c) => c.notNull()),
  ).execute();
  await index(db, 'evaluation', 'workspaceId');

  await id(s.createTable('evaluation_run'))
    .addColumn('evaluationId', 'text', (c) => c.notNull().references('evaluation.id').onDelete('cascade'))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('expectedOutput', 'text')
    .addColumn('actualOutput', 'text')
    .addColumn('metrics', 'text')
    .addColumn('llmEvaluators', 'text')
    .addColumn('evaluators', 'text')
    .addColumn('errors', 'text')
    .addColumn('runDate', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'evaluation_run', 'evaluationId');
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'evaluation_run',
    'evaluation',
    'evaluator',
    'dataset_row',
    'dataset',
    'upsert_history',
    'document_store_file_chunk',
    'document_store',
    'custom_template',
    'assistant',
    'tool',
    'variable',
    'credential',
    'lead',
    'chat_message_feedback',
    'chat_message',
    'execution',
    'chat_flow',
    'api_key',
    'login_session',
    'login_activity',
    'workspace_user',
    'workspace',
    'organization_user',
    'role',
    'organization',
    'user',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
