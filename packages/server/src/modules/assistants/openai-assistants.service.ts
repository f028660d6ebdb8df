import {
  assistantsClient,
  assistantsErrorMessage,
  isAssistantCredential,
  uploadableFile,
  type AssistantsClient,
} from '@flowloom/nodes';
import type { AssistantVectorStoreBody, OpenAIAssistantDetails, OpenAIAssistantTool } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import type { CredentialService } from '../credentials/credential.service.js';
import type { AssistantRepository } from './assistant.repository.js';
import type { EngineServicesFor } from '../predictions/engine-services.js';

/** The credential kind each type of assistant runs on. */
const CREDENTIAL_OF_TYPE = { OPENAI: 'openAIApi', AZURE: 'azureOpenAIApi' } as const;
export type OpenAIAssistantType = keyof typeof CREDENTIAL_OF_TYPE;

/** How often an upload into a vector store is polled until OpenAI has indexed it, and for how long. */
const INDEX_POLL_MS = 500;
const INDEX_WAIT_MS = 300_000;
/** How many file objects are read from OpenAI at once. */
const FILE_READS_AT_ONCE = 8;

type Client = AssistantsClient;

/**
 * An OpenAI SDK error as our error: OpenAI's own message, with a status that says whose it is to fix
 * (a bad request or credential is the caller's, OpenAI being down is not ours to answer with 500).
 */
function fromOpenAI(doing: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { status?: unknown }).status;
  const reason = assistantsErrorMessage(error);
  const message = `OpenAI could not ${doing}: ${reason}`;
  if (status === 401 || status === 403)
    return new AppError('BAD_REQUEST', `OpenAI refused the credential while trying to ${doing}: ${reason}`, {
      cause: error,
    });
  if (status === 404) return new AppError('NOT_FOUND', message, { cause: error });
  if (status === 429) return new AppError('TOO_MANY_REQUESTS', message, { cause: error });
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new AppError('BAD_REQUEST', message, { cause: error });
  return new AppError('SERVICE_UNAVAILABLE', message, { cause: error });
}

async function attempt<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromOpenAI(doing, error);
  }
}

/** What OpenAI receives of the tool resources: the ids (the file lists Flowise keeps stay with us). */
function resourcesForOpenAI(details: OpenAIAssistantDetails) {
  const resources = details.tool_resources;
  return {
    ...(resources.code_interpreter && {
      code_interpreter: { file_ids: resources.code_interpreter.file_ids },
    }),
    ...(resources.file_search && {
      file_search: { vector_store_ids: resources.file_search.vector_store_ids },
    }),
  };
}

function settingsForOpenAI(details: OpenAIAssistantDetails) {
  return {
    name: details.name ?? null,
    description: details.description ?? null,
    instructions: details.instructions ?? null,
    model: details.model,
    tool_resources: resourcesForOpenAI(details),
    temperature: details.temperature ?? null,
    top_p: details.top_p ?? null,
  };
}

const builtIn = (tools: readonly OpenAIAssistantTool[]) => tools.map((type) => ({ type }));

/**
 * The OpenAI side of OpenAI and Azure assistants (Flowise's `openai-assistants`,
 * `openai-assistants-file` and `openai-assistants-vector-store` services): the assistants, files
 * and vector stores of the account behind a stored credential, reached with that credential.
 */
export function createOpenAIAssistantsService(deps: {
  credentials: Pick<CredentialService, 'decryptForRun'>;
  servicesFor: EngineServicesFor;
  assistants: Pick<AssistantRepository, 'findOpenAI'>;
  /** The flow data of a flow of the workspace, if there is one. */
  flowData(workspaceId: string, flowId: string): Promise<string | undefined>;
}) {
  /**
   * A client on the workspace's credential. Using a stored credential needs `credentials:view`, as in
   * a flow; the credential must be an OpenAI one (or Azure OpenAI, for `type` AZURE or none given).
   */
  async function clientFor(ctx: AuthContext, credentialId: string, type?: OpenAIAssistantType) {
    if (!holds(ctx, 'credentials:view'))
      throw new AppError('FORBIDDEN', 'Using a stored credential needs the credentials:view permission');
    const credential = await deps.credentials.decryptForRun(ctx.workspaceId, credentialId);
    const kind = credential.credentialName;
    if (!isAssistantCredential(kind))
      throw new AppError(
        'BAD_REQUEST',
        `Credential ${credentialId} is a ${kind} credential: OpenAI assistants need an OpenAI or Azure OpenAI credential`,
      );
    if (type && CREDENTIAL_OF_TYPE[type] !== kind)
      throw new AppError(
        'BAD_REQUEST',
        type === 'OPENAI'
          ? 'An OpenAI assistant needs an OpenAI credential (an Azure OpenAI one makes an AZURE assistant)'
          : 'An Azure assistant needs an Azure OpenAI credential',
      );
    try {
      return await assistantsClient(deps.servicesFor(ctx.workspaceId, undefined), credential);
    } catch (error) {
      throw new AppError('BAD_REQUEST', assistantsErrorMessage(error), { cause: error });
    }
  }

  /** The files of `ids` (the ones OpenAI still has; a deleted one is left out). */
  async function filesOf(client: Client, ids: readonly string[]) {
    const found = [];
    // A few at a time: an assistant's store may hold hundreds of files, and OpenAI limits the rate.
    for (let i = 0; i < ids.length; i += FILE_READS_AT_ONCE) {
      const part = await Promise.all(
        ids.slice(i, i + FILE_READS_AT_ONCE).map((id) =>
          client.files.retrieve(id).catch((error: unknown) => {
            // A file deleted at OpenAI is left out; anything else (429, outage) is the answer.
            if ((error as { status?: unknown }).status === 404) return undefined;
            throw error;
          }),
        ),
      );
      found.push(...part.filter((file) => file !== undefined));
    }
    return found;
  }

  async function storeFileIds(client: Client, vectorStoreId: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const file of client.vectorStores.files.list(vectorStoreId, { limit: 100 })) {
      ids.push(file.id);
      if (ids.length >= 1000) break;
    }
    return ids;
  }

  /** The assistants a flow's OpenAI Assistant nodes use (their ids here). */
  function assistantsOfFlow(flowData: string): string[] {
    try {
      const flow = JSON.parse(flowData) as {
        nodes?: { data?: { name?: string; inputs?: Record<string, unknown> } }[];
      };
      return [
        ...new Set(
          (flow.nodes ?? [])
            .filter((node) => node.data?.name === 'openAIAssistant')
            .map((node) => node.data?.inputs?.selectedAssistant)
            .filter((id): id is string => typeof id === 'string' && id !== ''),
        ),
      ];
    } catch {
      return [];
    }
  }

  return {
    clientFor,

    /**
     * Deletes at OpenAI the threads of a flow's chats that were cleared, with the credentials of the
     * assistants the flow uses (a thread already gone is fine). Best effort: a thread no credential
     * can delete stays, and expires at OpenAI unused.
     */
    async forgetThreads(workspaceId: string, flowId: string, threadIds: readonly string[]) {
      const flowData = await deps.flowData(workspaceId, flowId);
      if (!flowData) return;
      const clients: Client[] = [];
      for (const id of assistantsOfFlow(flowData)) {
        const row = await deps.assistants.findOpenAI(workspaceId, id);
        if (!row?.credential) continue;
        const credential = await deps.credentials
          .decryptForRun(workspaceId, row.credential)
          .catch(() => undefined);
        if (!credential || !isAssistantCredential(credential.credentialName)) continue;
        clients.push(await assistantsClient(deps.servicesFor(workspaceId, undefined), credential));
      }
      for (const threadId of threadIds)
        for (const client of clients) {
          // Another account's thread answers 404 here: the next credential may own it.
          const done = await client.beta.threads.delete(threadId, { timeout: 10_000 }).then(
            () => true,
            () => false,
          );
          if (done) break;
        }
    },

    /** The account's assistants (`GET /openai-assistants?credential=`). */
    async list(ctx: AuthContext, credentialId: string) {
      const client = await clientFor(ctx, credentialId);
      return attempt('list the assistants', async () => {
        const page = await client.beta.assistants.list({ limit: 100, order: 'desc' });
        return page.data;
      });
    },

    /**
     * One assistant of the account with the files of its code interpreter and of its vector store,
     * and that store (Flowise's shape: `tool_resources.*.files`, `file_search.vector_store_object`).
     */
    async get(ctx: AuthContext, credentialId: string, assistantId: string) {
      const client = await clientFor(ctx, credentialId);
      return attempt('read the assistant', async () => {
        const assistant = await client.beta.assistants.retrieve(assistantId);
        const resources = (assistant.tool_resources ?? {}) as Record<string, Record<string, unknown>>;
        const codeIds = assistant.tool_resources?.code_interpreter?.file_ids ?? [];
        if (codeIds.length)
          resources.code_interpreter = {
            ...resources.code_interpreter,
            files: await filesOf(client, codeIds),
          };
        const storeId = assistant.tool_resources?.file_search?.vector_store_ids?.[0];
        if (storeId)
          resources.file_search = {
            ...resources.file_search,
            files: await filesOf(client, await storeFileIds(client, storeId)),
            vector_store_object: await client.vectorStores.retrieve(storeId),
          };
        return { ...assistant, tool_resources: resources };
      });
    },

    /** Creates the assistant at OpenAI; answers its id there. */
    async create(client: Client, details: OpenAIAssistantDetails): Promise<string> {
      return attempt('create the assistant', async () => {
        const created = await client.beta.assistants.create({
          ...settingsForOpenAI(details),
          tools: builtIn(details.tools),
        });
        return created.id;
      });
    },

    /** Changes the assistant at OpenAI, keeping the functions flows gave it. */
    async update(client: Client, openAIId: string, details: OpenAIAssistantDetails): Promise<void> {
      await attempt('update the assistant', async () => {
        const current = await client.beta.assistants.retrieve(openAIId);
        const functions = current.tools.filter((tool) => tool.type === 'function');
        await client.beta.assistants.update(openAIId, {
          ...settingsForOpenAI(details),
          tools: [...builtIn(details.tools), ...functions],
        });
      });
    },

    /** Deletes the assistant at OpenAI; one already gone there is fine. */
    async remove(client: Client, openAIId: string): Promise<void> {
      await attempt('delete the assistant', async () => {
        try {
          await client.beta.assistants.delete(openAIId);
        } catch (error) {
          if ((error as { status?: unknown }).status !== 404) throw error;
        }
      });
    },

    /** Uploads files for assistants (a code interpreter's files); answers OpenAI's file objects. */
    async uploadFiles(ctx: AuthContext, credentialId: string, files: readonly UploadedFile[]) {
      if (files.length === 0) throw new AppError('BAD_REQUEST', 'Choose at least one file to upload');
      const client = await clientFor(ctx, credentialId);
      return attempt('upload the files', async () => {
        const uploaded = [];
        for (const file of files)
          uploaded.push(
            await client.files.create({
              file: await uploadableFile(file.data, file.name, file.mime),
              purpose: 'assistants',
            }),
          );
        return uploaded;
      });
    },

    vectorStores: {
      async list(ctx: AuthContext, credentialId: string) {
        const client = await clientFor(ctx, credentialId);
        return attempt('list the vector stores', async () => {
          const page = await client.vectorStores.list({ limit: 100 });
          return page.data;
        });
      },
      async get(ctx: AuthContext, credentialId: string, id: string) {
        const client = await clientFor(ctx, credentialId);
        return attempt('read the vector store', () => client.vectorStores.retrieve(id));
      },
      async create(ctx: AuthContext, credentialId: string, body: AssistantVectorStoreBody) {
        const client = await clientFor(ctx, credentialId);
        return attempt('create the vector store', () =>
          client.vectorStores.create({
            ...(body.name && { name: body.name }),
            ...(body.expires_after && { expires_after: body.expires_after }),
          }),
        );
      },
      /** Renames it or changes its expiry; answers it with its files (Flowise: `files`). */
      async update(ctx: AuthContext, credentialId: string, id: string, body: AssistantVectorStoreBody) {
        const client = await clientFor(ctx, credentialId);
        return attempt('update the vector store', async () => {
          // Only what the body names changes (a null clears it), as OpenAI's own update does.
          const store = await client.vectorStores.update(id, {
            ...('name' in body && { name: body.name ?? null }),
            ...('expires_after' in body && { expires_after: body.expires_after ?? null }),
          });
          const files = await filesOf(client, await storeFileIds(client, id));
          return files.length ? { ...store, files } : store;
        });
      },
      async remove(ctx: AuthContext, credentialId: string, id: string) {
        const client = await clientFor(ctx, credentialId);
        return attempt('delete the vector store', () => client.vectorStores.delete(id));
      },
      /** Uploads files and waits until OpenAI has indexed them into the store; answers the files. */
      async upload(ctx: AuthContext, credentialId: string, id: string, files: readonly UploadedFile[]) {
        if (files.length === 0) throw new AppError('BAD_REQUEST', 'Choose at least one file to upload');
        const client = await clientFor(ctx, credentialId);
        return attempt('add the files to the vector store', async () => {
          await client.vectorStores.retrieve(id);
          const uploaded = [];
          for (const file of files)
            uploaded.push(
              await client.files.create({
                file: await uploadableFile(file.data, file.name, file.mime),
                purpose: 'assistants',
              }),
            );
          const deadline = AbortSignal.timeout(INDEX_WAIT_MS);
          const batch = await client.vectorStores.fileBatches
            .createAndPoll(
              id,
              { file_ids: uploaded.map((file) => file.id) },
              { pollIntervalMs: INDEX_POLL_MS, signal: deadline },
            )
            .catch((error: unknown) => {
              if (!deadline.aborted) throw error;
              throw new AppError(
                'SERVICE_UNAVAILABLE',
                `OpenAI has not finished indexing the files after ${INDEX_WAIT_MS / 60_000} minutes; they stay in the vector store and become searchable once indexed`,
              );
            });
          if (batch.status === 'completed' && batch.file_counts.completed === uploaded.length)
            return uploaded;
          // Files OpenAI could not index are of no use to anyone: they go again.
          await Promise.all(uploaded.map((file) => client.files.delete(file.id).catch(() => undefined)));
          throw new AppError(
            'BAD_REQUEST',
            batch.status === 'completed'
              ? `OpenAI indexed ${batch.file_counts.completed} of ${uploaded.length} files; check that they are documents it can read (text, PDF, Word…)`
              : `OpenAI could not index the files (${batch.status}); check that they are documents it can read (text, PDF, Word…)`,
          );
        });
      },
      /** Takes files out of the store; answers which went (Flowise: `{deletedFileIds, count}`). */
      async removeFiles(ctx: AuthContext, credentialId: string, id: string, fileIds: readonly string[]) {
        const client = await clientFor(ctx, credentialId);
        return attempt('remove the files from the vector store', async () => {
          const deletedFileIds: string[] = [];
          for (const fileId of fileIds) {
            const result = await client.vectorStores.files.delete(fileId, { vector_store_id: id });
            if (result.deleted) deletedFileIds.push(fileId);
          }
          return { deletedFileIds, count: deletedFileIds.length };
        });
      },
    },
  };
}
export type OpenAIAssistantsService = ReturnType<typeof createOpenAIAssistantsService>;
