import { buildSplitter, componentType } from '@flowloom/nodes';
import type { ComponentSettings, LoaderBody } from '@flowloom/shared';
import type { AuthContext } from '../auth/auth.service.js';
import { nodeProblem, storeRun, type StoreRuntime } from './document-store.runtime.js';

export type PartKind = 'embeddings' | 'vectorStore' | 'recordManager';

/** The credential id a component's config names (`credential`, or the canvas's `FLOWISE_CREDENTIAL_ID`). */
export function credentialOf(config: Record<string, unknown> | null | undefined): string | undefined {
  const id = config?.credential ?? config?.FLOWISE_CREDENTIAL_ID;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * Settings a caller of the retrieval playground may change for one query: how many and which
 * documents (Top K, filters, search type), never where the search goes or with which credential.
 */
export function retrievalInputs(inputs: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs ?? {}))
    if (/^(topK|fetchK|lambda|searchType)$|[Ff]ilter$/.test(key)) kept[key] = value;
  return kept;
}

/**
 * The checks every saved document-store setting goes through, wherever it comes from (the store's
 * PUT, the vector configuration, the upsert API): the component exists in its category, and a
 * credential it names is one of the workspace the caller may use (issue 10). A loader's splitter is
 * built, so a config it refuses (a chunk size of 0) is refused before anything is saved.
 */
export function createComponentChecks({
  runtime,
  assertCredential,
}: {
  runtime: StoreRuntime;
  assertCredential: (ctx: AuthContext, id: string) => Promise<void>;
}) {
  const { registry } = runtime;
  return {
    async part(ctx: AuthContext, kind: PartKind, settings: ComponentSettings | null | undefined) {
      if (!settings?.name) return;
      try {
        componentType(registry, kind, settings.name);
      } catch (error) {
        throw nodeProblem(error);
      }
      const credential = credentialOf(settings.config);
      if (credential) await assertCredential(ctx, credential);
    },

    /** `build: false` leaves the splitter to fail in the processing, which records why on the loader. */
    async loader(
      ctx: AuthContext,
      body: Pick<LoaderBody, 'loaderId' | 'splitterId' | 'credential' | 'loaderConfig' | 'splitterConfig'>,
      { build = true }: { build?: boolean } = {},
    ) {
      try {
        componentType(registry, 'loader', body.loaderId);
        if (body.splitterId) componentType(registry, 'splitter', body.splitterId);
      } catch (error) {
        throw nodeProblem(error);
      }
      for (const credential of [
        body.credential,
        credentialOf(body.loaderConfig),
        credentialOf(body.splitterConfig),
      ])
        if (credential) await assertCredential(ctx, credential);
      if (build && body.splitterId)
        try {
          const run = storeRun(runtime, ctx.workspaceId, '', new AbortController().signal);
          await buildSplitter(registry, run, body.splitterId, body.splitterConfig ?? {});
        } catch (error) {
          throw nodeProblem(error);
        }
    },
  };
}
export type ComponentChecks = ReturnType<typeof createComponentChecks>;
