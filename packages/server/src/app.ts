import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  createAgentflowRegistry,
  createNodeRegistry,
  credentialDefinitions,
  getCredentialDefinition,
} from '@flowloom/nodes';
import type { AgentflowRegistry, CodeSandbox, GuardedFetch } from '@flowloom/engine';
import type { Config } from './config.js';
import { createChatMessageRepository } from './modules/chat-messages/chat-message.repository.js';
import { registerChatMessageRoutes } from './modules/chat-messages/chat-message.routes.js';
import { createMemoryClearing } from './modules/predictions/memory-clearing.js';
import { registerMessageExportRoutes } from './modules/chat-messages/message-export.js';
import { registerNodeRoutes } from './modules/nodes/node.routes.js';
import { createExecutionRepository } from './modules/executions/execution.repository.js';
import { registerExecutionRoutes } from './modules/executions/execution.routes.js';
import { createAgentflowPredictor } from './modules/predictions/agentflow-prediction.js';
import { createAgentGraphPredictor } from './modules/predictions/agent-graph-prediction.js';
import { operatorAllowancesFromEnv, providerBaseUrlsFromEnv } from './modules/predictions/engine-services.js';
import { createFlowRunner } from './modules/predictions/flow-runner.js';
import { registerPredictionRoutes } from './modules/predictions/prediction.routes.js';
import { registerSpeechRoutes } from './modules/speech/speech.routes.js';
import { createSpeechService } from './modules/speech/speech.service.js';
import { createChatflowRepository } from './modules/chatflows/chatflow.repository.js';
import { createPredictionService } from './modules/predictions/prediction.service.js';
import { migrateToLatest, openDatabase, type OpenedDatabase } from './db/database.js';
import { buildOpenApi, type DocumentedRoute } from './http/openapi.js';
import { registerAuthHook } from './http/auth-hook.js';
import { registerBodyGuard } from './http/body-guard.js';
import { isUuid } from '@flowloom/shared';
import { frameAncestorsFor, registerSecurityHeaders } from './http/security-headers.js';
import { registerCors } from './http/cors.js';
import { originRefusal } from './modules/predictions/flow-guards.js';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler.js';
import { loggerOptions } from './http/log-redaction.js';
import { registerStaticUi } from './http/static-ui.js';
import { guardedFetchFromEnv, modelAddressCheckFromEnv } from './http/guarded-fetch.js';
import { closeRedisMemoryConnections, createQuickJsSandbox } from '@flowloom/nodes';
import { POST_PROCESSING_TIMEOUT_MS } from './modules/post-processing/post-processing.js';
import { zodValidatorCompiler } from './http/zod-type-provider.js';
import { createApiKeyRepository } from './modules/apikeys/apikey.repository.js';
import { registerApiKeyRoutes } from './modules/apikeys/apikey.routes.js';
import { createApiKeyService } from './modules/apikeys/apikey.service.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSmtpMailer, type Mailer } from './modules/auth/mailer.js';
import { registerChatflowRoutes } from './modules/chatflows/chatflow.routes.js';
import { createChatflowService } from './modules/chatflows/chatflow.service.js';
import { createDocumentStoreRepository } from './modules/document-stores/document-store.repository.js';
import { createFileStorage } from './modules/storage/file-storage.js';
import { createChatClearing } from './modules/chat-messages/chat-clearing.js';
import { registerDocumentStoreRoutes } from './modules/document-stores/document-store.routes.js';
import { createDocumentStoreService } from './modules/document-stores/document-store.service.js';
import { createDocumentStoreVectors } from './modules/document-stores/document-store.vectors.js';
import { createUpsertApi } from './modules/document-stores/upsert-api.js';
import { createChunkService } from './modules/document-stores/chunk.service.js';
import { createComponentChecks } from './modules/document-stores/component-checks.js';
import { createLoaderService } from './modules/document-stores/loader.service.js';
import { createStoreState } from './modules/document-stores/store-state.js';
import { createUpsertHistoryRepository } from './modules/upsert-history/upsert-history.repository.js';
import { registerUpsertHistoryRoutes } from './modules/upsert-history/upsert-history.routes.js';
import { createUpsertHistoryService } from './modules/upsert-history/upsert-history.service.js';
import { registerVectorUpsertRoutes } from './modules/vectors/vector-upsert.routes.js';
import { createVectorUpsertService } from './modules/vectors/vector-upsert.service.js';
import { engineServiceFactory, type EngineServicesFor } from './modules/predictions/engine-services.js';
import { registerMcpEndpointRoutes } from './modules/mcp/mcp-endpoint.routes.js';
import { createMcpServerRepository } from './modules/mcp/mcp-server.repository.js';
import { registerMcpServerRoutes } from './modules/mcp/mcp-server.routes.js';
import { createMcpServerService } from './modules/mcp/mcp-server.service.js';
import { parseStdioAllowList } from './modules/mcp/stdio-allow-list.js';
import { holds, type AuthContext } from './modules/auth/auth.service.js';
import { AppError } from './errors.js';
import { createRagServices } from './modules/vectors/rag-services.js';
import { registerCredentialRoutes } from './modules/credentials/credential.routes.js';
import { createCredentialService } from './modules/credentials/credential.service.js';
import { oauth2BasesFromEnv, oauth2Endpoints } from './modules/oauth2/oauth2-providers.js';
import { registerOAuth2Routes } from './modules/oauth2/oauth2.routes.js';
import { createOAuth2Service } from './modules/oauth2/oauth2.service.js';
import { createIdentityRepository } from './modules/identity/identity.repository.js';
import { registerResourceRoutes } from './modules/resources/resources.routes.js';
import { runtimeVariablePolicy, variableValues } from './modules/resources/runtime-variables.js';
import { createToolRepository } from './modules/resources/tool.repository.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerMarketplaceRoutes } from './modules/templates/marketplace.routes.js';
import { createMarketplaceService, findMarketplacesDir } from './modules/templates/marketplace.service.js';
import { registerChatflowPublicRoutes } from './modules/chatflow-public/chatflow-public.routes.js';
import { createChatflowPublicService } from './modules/chatflow-public/chatflow-public.service.js';
import { createFeedbackRepository } from './modules/feedback/feedback.repository.js';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.js';
import { createFeedbackService } from './modules/feedback/feedback.service.js';
import { createLeadRepository } from './modules/leads/lead.repository.js';
import { registerLeadRoutes } from './modules/leads/lead.routes.js';
import { createLeadService } from './modules/leads/lead.service.js';
import { registerStatsRoutes } from './modules/stats/stats.routes.js';
import { createCustomTemplateService } from './modules/templates/custom-template.service.js';
import { registerExportImportRoutes } from './modules/export-import/export-import.routes.js';
import { createExportImportRepository } from './modules/export-import/export-import.repository.js';
import { createExportImportService } from './modules/export-import/export-import.service.js';
import { registerAssistantRoutes } from './modules/assistants/assistant.routes.js';
import { createAssistantService } from './modules/assistants/assistant.service.js';
import { createAssistantRepository } from './modules/assistants/assistant.repository.js';
import { createOpenAIAssistantsService } from './modules/assistants/openai-assistants.service.js';
import { registerOpenAIAssistantRoutes } from './modules/assistants/openai-assistants.routes.js';
import { registerChatFileRoutes } from './modules/storage/chat-files.routes.js';
import { systemClock, type Clock } from './runtime.js';
import { deriveKeys } from './security/crypto.js';
import { ensurePrivateFolder } from './security/private-files.js';
import { loadSecretKey } from './security/secret-key.js';
import { VERSION } from './version.js';

export interface AppOptions {
  config: Config;
  /** An already-open database (tests share one); otherwise opened from the config. */
  database?: OpenedDatabase;
  clock?: Clock;
  mailer?: Mailer;
  /** Agentflow (v2) node types; tests inject their own. */
  agentflowRegistry?: AgentflowRegistry;
  /** Outbound HTTP for flows (defaults to the address-guarded client). */
  http?: GuardedFetch;
  /** Sandbox for user code (defaults to QuickJS). */
  sandbox?: CodeSandbox;
  /** Environment read at run time (runtime variables, provider base URLs); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Replaces the default pino logger options (tests send logs to a stream). */
  logger?: FastifyServerOptions['loggerInstance'];
}

export const API_PREFIX = '/api/v1';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The QuickJS sandbox with the operator's limits, its threads stopped when the server closes. */
function ownSandbox(app: FastifyInstance, config: Config, http: GuardedFetch): CodeSandbox {
  const sandbox = createQuickJsSandbox({ ...config.sandbox, http });
  app.addHook('onClose', (_instance, done) => {
    sandbox.close();
    done();
  });
  return sandbox;
}

/** One registered API route and the access it declared (the permission table, walked by tests). */
export type ApiRoute = DocumentedRoute;

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

/** Builds the whole server: database, services, routes. The caller listens and closes. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  ensurePrivateFolder(config.home);
  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl ?? join(config.home, 'database.sqlite') }));
  const ownsDatabase = options.database === undefined;
  await migrateToLatest(database.db);
  const keys = deriveKeys(loadSecretKey(config.home, config.secretKey));

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: loggerOptions(config.logLevel) }),
    bodyLimit: config.bodyLimit,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false },
    trustProxy: false,
    return503OnClosing: true,
    // Per-request lines only at debug level: they cost throughput and say little in production.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  if (ownsDatabase) app.addHook('onClose', () => database.db.destroy());

  // Every API route must say who may call it; a route that forgets fails start-up, not silently open.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (public, user or permission)`,
      );
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  const identity = createIdentityRepository(database.db);
  const apiKeys = createApiKeyService({ repo: createApiKeyRepository(database.db), keys, clock });
  const auth = createAuthService({
    db: database.db,
    repo: identity,
    keys,
    config,
    clock,
    logger: app.log,
    mailer: options.mailer ?? (config.smtp ? createSmtpMailer(config.smtp) : undefined),
  });
  const fileStorage = createFileStorage({
    db: database.db,
    home: config.home,
    limit: config.fileSizeLimit,
    now: () => clock.now(),
  });
  const chatflows = createChatflowService({
    db: database.db,
    kind: database.kind,
    clock,
    storage: fileStorage,
  });
  /** Where OAuth2 credentials sign in: the providers' own endpoints unless the operator replaced them. */
  const oauth2Bases = oauth2BasesFromEnv(options.env ?? process.env);
  const credentials = createCredentialService({
    db: database.db,
    keys,
    clock,
    definitionOf: getCredentialDefinition,
    // An OAuth2 credential's URLs must be its provider's: its secret may go nowhere else.
    checkData: (definition, data) => {
      if (definition.oauth2) oauth2Endpoints(definition.oauth2, data, oauth2Bases);
    },
  });

  registerErrorHandler(app, config.bodyLimit);
  registerSecurityHeaders(app, {
    chatbotFrameAncestors: async (flowId) =>
      frameAncestorsFor(
        isUuid(flowId)
          ? await database.db
              .selectFrom('chat_flow')
              .select(['isPublic', 'chatbotConfig'])
              .where('id', '=', flowId)
              .executeTakeFirst()
          : undefined,
      ),
  });
  if (config.cors.warning) app.log.warn(config.cors.warning);
  registerCors(app, {
    ...config.cors,
    appOrigin: originOf(config.appUrl),
    flowVerdict: async (flowId, origin) => {
      const flow = isUuid(flowId)
        ? await database.db
            .selectFrom('chat_flow')
            .select('chatbotConfig')
            .where('id', '=', flowId)
            .executeTakeFirst()
        : undefined;
      if (!flow) return 'missing';
      return originRefusal(flow.chatbotConfig, origin) === undefined ? 'allowed' : 'refused';
    },
    flowOfFeedback: async (feedbackId) =>
      isUuid(feedbackId)
        ? (
            await database.db
              .selectFrom('chat_message_feedback')
              .select('chatflowid')
              .where('id', '=', feedbackId)
              .executeTakeFirst()
          )?.chatflowid
        : undefined,
  });
  registerAuthHook(app, auth, apiKeys);
  registerBodyGuard(app);
  let openApi: unknown;
  registerSystemRoutes(app, {
    platformType: config.platformType,
    openApi: () => (openApi ??= buildOpenApi(apiRoutes, { title: 'Flowloom API', version: VERSION })),
  });
  registerAuthRoutes(app, { auth, config });
  registerApiKeyRoutes(app, { apiKeys });
  registerChatflowRoutes(app, { chatflows });
  registerCredentialRoutes(app, { credentials, definitions: credentialDefinitions });
  const runtimeVariables = runtimeVariablePolicy(options.env ?? process.env);
  /** The one guarded client nodes, loaders and tools reach the outside with. */
  const nodeHttp = options.http ?? guardedFetchFromEnv(options.env ?? process.env);
  const sandbox = options.sandbox ?? ownSandbox(app, config, nodeHttp);
  const oauth2 = createOAuth2Service({
    credentials,
    definitionOf: getCredentialDefinition,
    keys,
    http: nodeHttp,
    bases: oauth2Bases,
    appUrl: config.appUrl,
    clock,
  });
  registerOAuth2Routes(app, { oauth2, appOrigin: originOf(config.appUrl) ?? config.appUrl });
  /** The stdio MCP servers the operator lets Custom MCP nodes start (none unless listed). */
  const mcpStdioServers = parseStdioAllowList((options.env ?? process.env).FLOWLOOM_MCP_STDIO_ALLOW);
  registerResourceRoutes(app, { db: database.db, clock, runtimeVariables, sandbox });
  const registry = createNodeRegistry();
  const messages = createChatMessageRepository(database.db);
  const documentStoreRepo = createDocumentStoreRepository(database.db, database.kind);
  if (database.vectorExtensionError)
    app.log.warn(
      `sqlite-vec could not be loaded, so the embedded vector store is off: ${database.vectorExtensionError}`,
    );
  const rag = createRagServices({
    database,
    storage: fileStorage,
    documentStores: documentStoreRepo,
    clock,
  });
  const agentflowRegistry = options.agentflowRegistry ?? createAgentflowRegistry();
  const assistantRepo = createAssistantRepository(database.db);
  const variableRows = createChatflowRepository(database.db);
  registerNodeRoutes(app, {
    registry,
    assistants: assistantRepo,
    agentflowRegistry,
    tools: createToolRepository(database.db),
    credentials,
    chatflows,
    documentStores: documentStoreRepo,
    http: nodeHttp,
    mcpStdioServers,
    providerBaseUrls: providerBaseUrlsFromEnv(options.env ?? process.env),
    oauth2,
    variables: async (workspaceId) =>
      variableValues(await variableRows.variables(workspaceId), runtimeVariables),
  });
  const executions = createExecutionRepository(database.db);
  const interrupted = await executions.terminateInterrupted(
    `The server stopped while this execution was running (it was terminated at the next start, ${clock.now().toISOString()}). Run the flow again to finish it.`,
    clock.now().toISOString(),
  );
  if (interrupted > 0)
    app.log.warn(
      `${interrupted} agentflow execution(s) were running when the server stopped; marked TERMINATED`,
    );
  registerExecutionRoutes(app, { executions });
  // An upsert lives in the process that ran it: one cut short by a stop is over. Its store goes
  // back to SYNC or STALE (the embedded store wrote nothing; with a record manager, upserting again finishes).
  const cutShort = await documentStoreRepo.endInterruptedUpserts(clock.now().toISOString());
  if (cutShort > 0)
    app.log.warn(
      `${cutShort} document store upsert(s) were running when the server stopped; status set back to SYNC/STALE`,
    );
  // Execute Flow runs other flows through the prediction service built just below.
  const flows = createFlowRunner({
    predictions: () => predictions,
    flowNames: (workspaceId, ids) => chatflows.namesOf(workspaceId, ids),
  });
  const agentflows = createAgentflowPredictor({
    registry: agentflowRegistry,
    components: registry,
    flows,
    executions,
    messages,
    clock,
    logger: app.log,
  });
  const agentGraphs = createAgentGraphPredictor({ registry, flows, messages, clock, logger: app.log });
  /** What node code may reach, for a workspace and whose files it reads (flow runs, document stores). */
  const baseServicesFor = engineServiceFactory({
    tools: createToolRepository(database.db),
    assistants: assistantRepo,
    credentials,
    oauth2,
    messages,
    http: nodeHttp,
    sandbox,
    providerBaseUrls: providerBaseUrlsFromEnv(options.env ?? process.env),
    addressCheck: modelAddressCheckFromEnv(options.env ?? process.env),
    rag,
    logger: app.log,
    now: () => clock.now(),
  });
  const operatorAllowances = operatorAllowancesFromEnv(options.env ?? process.env);
  const servicesFor: EngineServicesFor = (workspaceId, fileScope) => ({
    ...baseServicesFor(workspaceId, fileScope),
    mcpStdioServers,
    ...operatorAllowances,
  });
  const predictions = createPredictionService({
    agentflows,
    agentGraphs,
    db: database.db,
    registry,
    messages,
    apiKeys,
    servicesFor,
    logger: app.log,
    clock,
    runtimeVariables,
    postProcessingTimeoutMs: Math.min(POST_PROCESSING_TIMEOUT_MS, config.sandbox.timeoutMs),
  });
  registerPredictionRoutes(app, { predictions });
  const mcpServers = createMcpServerService({ repo: createMcpServerRepository(database.db), keys, clock });
  registerMcpServerRoutes(app, { mcp: mcpServers });
  registerMcpEndpointRoutes(app, { mcp: mcpServers, predictions });
  registerSpeechRoutes(app, {
    speech: createSpeechService({
      flows: createChatflowRepository(database.db),
      servicesFor,
      logger: app.log,
    }),
  });
  const flowRows = createChatflowRepository(database.db);
  const openAIAssistants = createOpenAIAssistantsService({
    credentials,
    servicesFor,
    assistants: assistantRepo,
    flowData: async (workspaceId, flowId) => {
      const row = await flowRows.findById(flowId);
      return row?.workspaceId === workspaceId ? row.flowData : undefined;
    },
  });
  registerChatMessageRoutes(app, {
    db: database.db,
    messages,
    clearing: createChatClearing({
      messages,
      memories: createMemoryClearing({
        db: database.db,
        registry,
        servicesFor,
        runtimeVariables,
        logger: app.log,
      }),
      removeChatFiles: (workspaceId, flowId, chatIds) =>
        fileStorage.removeChats(workspaceId, flowId, chatIds),
      forgetThreads: (workspaceId, flowId, threadIds) =>
        openAIAssistants.forgetThreads(workspaceId, flowId, threadIds),
      logWarning: (message, fields) => app.log.warn(fields, message),
    }),
  });
  registerMessageExportRoutes(app, { db: database.db, messages, home: config.home, appUrl: config.appUrl });
  const storeRuntime = { registry, servicesFor };
  const upsertHistory = createUpsertHistoryRepository(database.db);
  /** A credential named in a store's settings must be the workspace's, and usable by the caller (issue 10). */
  const assertCredential = async (ctx: AuthContext, id: string) => {
    if (!holds(ctx, 'credentials:view'))
      throw new AppError('FORBIDDEN', 'Using a stored credential needs the credentials:view permission');
    await credentials.get(ctx, id);
  };
  const checks = createComponentChecks({ runtime: storeRuntime, assertCredential });
  const storeState = createStoreState({ db: database.db, repo: documentStoreRepo, clock });
  const documentStoreVectors = createDocumentStoreVectors({
    db: database.db,
    repo: documentStoreRepo,
    history: upsertHistory,
    state: storeState,
    runtime: storeRuntime,
    checks,
    vectors: (workspaceId) => rag.vectors(workspaceId),
    assertCredential,
    clock,
    logger: app.log,
  });
  const documentStores = createDocumentStoreService({
    db: database.db,
    repo: documentStoreRepo,
    history: upsertHistory,
    state: storeState,
    storage: rag.storage,
    checks,
    flowNames: async (workspaceId, ids) =>
      [...(await chatflows.namesOf(workspaceId, ids))].map(([id, name]) => ({ id, name })),
    dropOwnVectors: (ctx, row) => documentStoreVectors.dropOwnVectors(ctx, row),
    clock,
  });
  const storeLoaders = createLoaderService({
    db: database.db,
    repo: documentStoreRepo,
    state: storeState,
    storage: rag.storage,
    runtime: storeRuntime,
    checks,
    dropLoaderVectors: (ctx, row, loaderId) => documentStoreVectors.dropLoaderVectors(ctx, row, loaderId),
    clock,
    logger: app.log,
  });
  registerDocumentStoreRoutes(app, {
    stores: documentStores,
    loaders: storeLoaders,
    chunks: createChunkService({ db: database.db, repo: documentStoreRepo, state: storeState }),
    vectors: documentStoreVectors,
    upsertApi: createUpsertApi({
      stores: documentStores,
      loaders: storeLoaders,
      vectors: documentStoreVectors,
      state: storeState,
      checks,
      registry,
      storage: rag.storage,
    }),
    state: storeState,
    registry,
    fileSizeLimit: config.fileSizeLimit,
    bodyLimit: config.bodyLimit,
    http: nodeHttp,
  });
  registerUpsertHistoryRoutes(app, {
    history: createUpsertHistoryService({
      db: database.db,
      history: upsertHistory,
      documentStores: documentStoreRepo,
    }),
  });
  registerVectorUpsertRoutes(app, {
    vectorUpsert: createVectorUpsertService({
      db: database.db,
      registry,
      servicesFor,
      storage: rag.storage,
      history: upsertHistory,
      clock,
      logger: app.log,
    }),
    fileSizeLimit: config.fileSizeLimit,
    bodyLimit: config.bodyLimit,
  });
  app.addHook('onClose', (_instance, done) => {
    storeState.locks.abortAll();
    // Chat memories' pooled Redis connections would otherwise hold the process open for their idle time.
    closeRedisMemoryConnections();
    done();
  });
  registerFeedbackRoutes(app, {
    feedback: createFeedbackService({
      db: database.db,
      feedback: createFeedbackRepository(database.db),
      messages,
      clock,
    }),
  });
  registerLeadRoutes(app, {
    leads: createLeadService({ db: database.db, leads: createLeadRepository(database.db), clock }),
  });
  registerStatsRoutes(app, { db: database.db, messages });
  registerChatflowPublicRoutes(app, {
    chatflowPublic: createChatflowPublicService({ db: database.db, registry }),
  });
  registerMarketplaceRoutes(app, {
    templates: createCustomTemplateService({ db: database.db, clock, chatflows }),
    marketplace: createMarketplaceService({ dir: findMarketplacesDir() }),
  });
  registerAssistantRoutes(app, {
    assistants: createAssistantService({
      db: database.db,
      kind: database.kind,
      registry,
      clock,
      servicesFor,
      openAI: openAIAssistants,
      storage: fileStorage,
    }),
  });
  registerOpenAIAssistantRoutes(app, {
    openAI: openAIAssistants,
    fileSizeLimit: config.fileSizeLimit,
    bodyLimit: config.bodyLimit,
  });
  registerChatFileRoutes(app, {
    storage: fileStorage,
    workspaceOf: (flowId) => flowRows.workspaceOf(flowId),
  });
  registerExportImportRoutes(app, {
    exportImport: createExportImportService({ repo: createExportImportRepository(database.db), clock }),
  });

  registerNotFoundHandler(app, await registerStaticUi(app, config.uiDir));

  return app;
}
