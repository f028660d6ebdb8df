import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  CreateCredentialBody,
  Credential,
  CredentialDefinition,
  UpdateCredentialBody,
} from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import type { CredentialTable } from '../../db/schema.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { AppError } from '../../errors.js';
import { decrypt, encrypt, type Keys } from '../../security/crypto.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { mergeUpdate, redact } from './credential-redaction.js';

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
}

/** Credentials: encrypted at rest (AES-256-GCM); secrets never leave through this service's answers. */
export function createCredentialService({ db, keys, clock, definitionOf }: CredentialServiceDeps) {
  const table = workspaceTable(db, 'credential', { column: 'updatedDate', direction: 'desc' });

  function definition(name: string): CredentialDefinition {
    const found = definitionOf(name);
    if (!found) throw new AppError('BAD_REQUEST', `Unknown credential type "${name}"`);
    return found;
  }

  /** Keeps only the type's fields, and requires every non-optional one. */
  function validated(def: CredentialDefinition, data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const input of def.inputs) {
      const value = data[input.name];
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
      const data = validated(definition(body.credentialName), body.plainDataObj);
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
      const data = body.plainDataObj ? validated(def, mergeUpdate(stored, body.plainDataObj)) : stored;
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
