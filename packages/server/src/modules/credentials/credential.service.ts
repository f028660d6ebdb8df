import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  OAUTH2_TOKEN_FIELDS,
  type CreateCredentialBody,
  type Credential,
  type CredentialDefinition,
  type UpdateCredentialBody,
} from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import type { CredentialTable } from '../../db/schema.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { AppError } from '../../errors.js';
import { decrypt, encrypt, type Keys } from '../../security/crypto.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { PENDING_SIGN_IN_FIELD } from '../oauth2/oauth2-state.js';
import { mergeUpdate, redact } from './credential-redaction.js';
import { createCredentialRepository } from './credential.repository.js';

type Row = Selectable<CredentialTable>;

function toWire(row: Row): Credential {
  const { encryptedData: _sealed, ...rest } = row;
  return rest;
}

export interface CredentialServiceDeps {
  db: Db;
  keys: Keys;
  clock: Clock;
  definitionOf: (name: string) => CredentialDefinition | undefined;
  /**
   * Checks the fields of a credential about to be saved beyond required and known ones (the URLs of
   * an OAuth2 credential); throws an AppError to refuse them.
   */
  checkData?: (definition: CredentialDefinition, data: Record<string, unknown>) => void;
}

/** What the server itself keeps in an OAuth2 credential: tokens and a sign-in under way. */
const SIGN_IN_FIELDS: readonly string[] = [...OAUTH2_TOKEN_FIELDS, PENDING_SIGN_IN_FIELD];

/**
 * An OAuth2 credential keeps its tokens (and a sign-in under way) across a save while everything it
 * signs in with stays the same; a new client, secret, URL or scope needs a new sign-in.
 */
function keepSignIn(
  def: CredentialDefinition,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  if (!def.oauth2 || def.inputs.some((input) => before[input.name] !== after[input.name])) return after;
  const kept = { ...after };
  for (const field of SIGN_IN_FIELDS) if (before[field] !== undefined) kept[field] = before[field];
  return kept;
}

/** How often a compare-and-swap rewrite is tried before giving up (another writer kept winning). */
const REWRITE_ATTEMPTS = 5;

/** Credentials: encrypted at rest (AES-256-GCM); secrets never leave through this service's answers. */
export function createCredentialService({ db, keys, clock, definitionOf, checkData }: CredentialServiceDeps) {
  const table = workspaceTable(db, 'credential', { column: 'updatedDate', direction: 'desc' });
  const repo = createCredentialRepository(db);

  function definition(name: string): CredentialDefinition {
    const found = definitionOf(name);
    if (!found) throw new AppError('BAD_REQUEST', `Unknown credential type "${name}"`);
    return found;
  }

  /**
   * Keeps only the type's fields, and requires every non-optional one. A hidden field (never shown in
   * a form, such as an OAuth2 scope) left empty takes its default.
   */
  function validated(def: CredentialDefinition, data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const input of def.inputs) {
      let value = data[input.name];
      if ((value === undefined || value === null || value === '') && input.hidden) value = input.default;
      if (value === undefined || value === null || value === '') {
        if (!input.optional) throw new AppError('BAD_REQUEST', `${input.label} is required`);
        continue;
      }
      out[input.name] = value;
    }
    return out;
  }

  async function load(ctx: AuthContext, id: string): Promise<Row> {
    const row = await table.find(ctx.workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', `Credential ${id} not found`);
    return row;
  }

  /**
   * Decrypted data of recently used credentials, keyed by id and valid only while the row still
   * holds the same ciphertext (every update re-encrypts with a fresh IV), so a change made by any
   * process is seen at once. Saves the AES work on every run of a flow; bounded, oldest dropped.
   */
  const opened = new Map<string, { sealed: string; data: Record<string, unknown> }>();
  const OPENED_MAX = 1000;

  function open(row: Row): Record<string, unknown> {
    const cached = opened.get(row.id);
    if (cached?.sealed === row.encryptedData) return { ...cached.data };
    const data = decryptRow(row);
    opened.delete(row.id);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(row.id, { sealed: row.encryptedData, data });
    return { ...data };
  }

  function decryptRow(row: Row): Record<string, unknown> {
    try {
      return JSON.parse(decrypt(keys.encryption, row.encryptedData)) as Record<string, unknown>;
    } catch (error) {
      throw new AppError(
        'INTERNAL',
        `Credential ${row.id} cannot be decrypted with this server's secret key`,
        { cause: error },
      );
    }
  }

  return {
    async list(
      ctx: AuthContext,
      names: string[] | undefined,
      range?: { offset: number; limit: number },
    ): Promise<Credential[]> {
      const rows = await table.list(ctx.workspaceId, range);
      return rows.filter((r) => !names || names.includes(r.credentialName)).map(toWire);
    },
    count: (ctx: AuthContext) => table.count(ctx.workspaceId),

    async get(ctx: AuthContext, id: string): Promise<Credential> {
      const row = await load(ctx, id);
      return { ...toWire(row), plainDataObj: redact(definitionOf(row.credentialName), open(row)) };
    },

    async create(ctx: AuthContext, body: CreateCredentialBody): Promise<Credential> {
      await table.assertNameFree(ctx.workspaceId, body.name, 'credential');
      const def = definition(body.credentialName);
      const data = validated(def, body.plainDataObj);
      checkData?.(def, data);
      const at = clock.now().toISOString();
      const row: Row = {
        id: randomUUID(),
        name: body.name,
        credentialName: body.credentialName,
        encryptedData: encrypt(keys.encryption, JSON.stringify(data)),
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await table.insert(row);
      return toWire(row);
    },

    async update(ctx: AuthContext, id: string, body: UpdateCredentialBody): Promise<Credential> {
      const row = await load(ctx, id);
      if (body.name !== undefined) await table.assertNameFree(ctx.workspaceId, body.name, 'credential', id);
      const credentialName = body.credentialName ?? row.credentialName;
      const def = definition(credentialName);
      const stored = credentialName === row.credentialName ? open(row) : {};
      let data = stored;
      if (body.plainDataObj) {
        data = validated(def, mergeUpdate(stored, body.plainDataObj));
        checkData?.(def, data);
        data = keepSignIn(def, stored, data);
      }
      const patch = {
        name: body.name ?? row.name,
        credentialName,
        encryptedData: encrypt(keys.encryption, JSON.stringify(data)),
        updatedDate: clock.now().toISOString(),
      };
      await table.update(ctx.workspaceId, id, patch);
      return toWire({ ...row, ...patch });
    },

    async remove(ctx: AuthContext, id: string): Promise<void> {
      if (!(await table.remove(ctx.workspaceId, id)))
        throw new AppError('NOT_FOUND', `Credential ${id} not found`);
      opened.delete(id);
    },

    async removeAll(ctx: AuthContext, ids: readonly string[]) {
      const result = await table.removeAll(ctx.workspaceId, ids);
      if (result.missing === 0) for (const id of ids) opened.delete(id);
      return result;
    },

    /**
     * Rewrites a credential's stored fields for the server itself (OAuth2 tokens, a sign-in under
     * way), never with a request's fields as sent: `change` gets the decrypted fields and answers the
     * new ones and a result. They are written only if the row still holds what was read; otherwise it
     * is read again and `change` runs again, so of two callbacks racing for one sign-in only one wins.
     * `touch` also moves the credential's updated date.
     */
    async rewrite<T>(
      workspaceId: string,
      id: string,
      change: (
        data: Record<string, unknown>,
        credentialName: string,
      ) => Promise<{ data: Record<string, unknown>; result: T; touch?: boolean }>,
    ): Promise<T> {
      for (let attempt = 0; attempt < REWRITE_ATTEMPTS; attempt++) {
        const row = await table.find(workspaceId, id);
        if (!row) throw new AppError('NOT_FOUND', `Credential ${id} not found`);
        const next = await change(open(row), row.credentialName);
        const sealed = encrypt(keys.encryption, JSON.stringify(next.data));
        const patch = next.touch
          ? { encryptedData: sealed, updatedDate: clock.now().toISOString() }
          : { encryptedData: sealed };
        if (await repo.swapSealed(workspaceId, id, row.encryptedData, patch)) return next.result;
      }
      throw new AppError('CONFLICT', `Credential ${id} kept changing while it was being saved; try again`);
    },

    /** Decrypted fields for a flow run in the same workspace (never for an HTTP answer). */
    async decryptForRun(
      workspaceId: string,
      id: string,
    ): Promise<{ credentialName: string; data: Record<string, unknown> }> {
      const row = await table.find(workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', `Credential ${id} not found`);
      return { credentialName: row.credentialName, data: open(row) };
    },
  };
}
export type CredentialService = ReturnType<typeof createCredentialService>;
