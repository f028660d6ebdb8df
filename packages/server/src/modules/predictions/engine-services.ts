import { resolve } from 'node:path';
import type { AddressCheck, CodeSandbox, EngineServices, GuardedFetch } from '@flowloom/engine';
import type { Logger } from '../../runtime.js';
import type { CredentialService } from '../credentials/credential.service.js';
import type { OAuth2Service } from '../oauth2/oauth2.service.js';
import type { ToolRepository } from '../resources/tool.repository.js';
import type { AssistantRepository } from '../assistants/assistant.repository.js';
import type { ChatMessageRepository } from '../chat-messages/chat-message.repository.js';
import type { FileScope } from '../storage/file-storage.js';
import type { RagServices } from '../vectors/rag-services.js';

/** Provider base URLs an operator may set once for every flow (a proxy, a local server, tests). */
export function providerBaseUrlsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<string, string>> {
  const pick = (name: string) => env[name]?.trim() || undefined;
  return {
    openai: pick('OPENAI_BASE_URL'),
    azure: pick('AZURE_OPENAI_BASE_URL'),
    anthropic: pick('ANTHROPIC_BASE_URL'),
    google: pick('GOOGLE_GENERATIVE_AI_BASE_URL'),
    mistral: pick('MISTRAL_BASE_URL'),
    groq: pick('GROQ_BASE_URL'),
    ollama: pick('OLLAMA_BASE_URL'),
    replicate: pick('REPLICATE_BASE_URL'),
    huggingfaceInference: pick('HUGGINGFACE_INFERENCE_BASE_URL'),
    serpapi: pick('SERPAPI_BASE_URL'),
    googlecustomsearch: pick('GOOGLE_CUSTOM_SEARCH_BASE_URL'),
    serper: pick('SERPER_BASE_URL'),
    brave: pick('BRAVE_SEARCH_BASE_URL'),
    tavily: pick('TAVILY_BASE_URL'),
    arxiv: pick('ARXIV_BASE_URL'),
    gmail: pick('GMAIL_BASE_URL'),
    microsoftGraph: pick('MICROSOFT_GRAPH_BASE_URL'),
    slack: pick('SLACK_API_BASE_URL'),
    slackMcp: pick('SLACK_MCP_URL'),
  };
}

/**
 * What the operator lets flows use on this server (FLOWLOOM_SQLITE_DIR, FLOWLOOM_AWS_SERVER_CREDENTIALS):
 * nothing unless set.
 */
export function operatorAllowancesFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<EngineServices, 'sqliteDirectory' | 'awsServerCredentials'> {
  const directory = env.FLOWLOOM_SQLITE_DIR?.trim();
  return {
    ...(directory && { sqliteDirectory: resolve(directory) }),
    awsServerCredentials: env.FLOWLOOM_AWS_SERVER_CREDENTIALS?.trim().toLowerCase() === 'true',
  };
}

export interface EngineServiceDeps {
  tools: ToolRepository;
  assistants: Pick<AssistantRepository, 'findOpenAI'>;
  workspaceId: string;
  credentials: CredentialService;
  /** Renews OAuth2 credentials whose token expired during a run (absent: runs cannot). */
  oauth2?: Pick<OAuth2Service, 'refresh'>;
  messages: ChatMessageRepository;
  http: GuardedFetch;
  sandbox: CodeSandbox;
  providerBaseUrls: Partial<Record<string, string>>;
  addressCheck: AddressCheck;
  rag: RagServices;
  /** Whose stored files the run reads: the flow's uploads, or the document store being processed. */
  fileScope: FileScope | undefined;
  logger: Logger;
  now(): Date;
}

/** Chatflow runs cannot call other flows; agentflow runs get the workspace's runner (`flow-runner.ts`). */
const noFlowRuns: EngineServices['runFlow'] = () =>
  Promise.reject(new Error('This kind of flow cannot run other flows'));

/** The engine's view of the world for one run, limited to the flow's workspace. */
export function createEngineServices(deps: EngineServiceDeps): EngineServices {
  return {
    credentials: {
      get: (id) => deps.credentials.decryptForRun(deps.workspaceId, id),
      ...(deps.oauth2 && { refreshOAuth2: (id: string) => deps.oauth2!.refresh(deps.workspaceId, id) }),
    },
    chatHistory: {
      load: (flowId, sessionId) => deps.messages.loadSession(flowId, sessionId),
      sessionOf: (flowId, chatId) => deps.messages.sessionOf(flowId, chatId),
    },
    assistants: { get: (id) => deps.assistants.findOpenAI(deps.workspaceId, id) },
    tools: { get: (id) => deps.tools.find(deps.workspaceId, id) },
    http: deps.http,
    sandbox: deps.sandbox,
    providerBaseUrls: deps.providerBaseUrls,
    addressCheck: deps.addressCheck,
    runFlow: noFlowRuns,
    files: deps.rag.files(deps.workspaceId, deps.fileScope),
    vectors: deps.rag.vectors(deps.workspaceId),
    records: deps.rag.records(deps.workspaceId),
    checkpoints: deps.rag.checkpoints(deps.workspaceId),
    documentStores: deps.rag.documentStores(deps.workspaceId),
    logger: {
      debug: (message, fields) => deps.logger.debug(fields ?? {}, message),
      warn: (message, fields) => deps.logger.warn(fields ?? {}, message),
      error: (message, fields) => deps.logger.error(fields ?? {}, message),
    },
    now: () => deps.now(),
  };
}

/** Engine services for any workspace and file scope, from what the server holds once. */
export type EngineServicesFor = (workspaceId: string, fileScope: FileScope | undefined) => EngineServices;

export function engineServiceFactory(
  base: Omit<EngineServiceDeps, 'workspaceId' | 'fileScope'>,
): EngineServicesFor {
  return (workspaceId, fileScope) => createEngineServices({ ...base, workspaceId, fileScope });
}
