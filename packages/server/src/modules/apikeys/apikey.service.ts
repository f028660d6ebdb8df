import { randomUUID } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  isPermission,
  type ApiKey,
  type CreateApiKeyBody,
  type Page,
  type Permission,
  type UpdateApiKeyBody,
} from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { hashToken, randomToken, type Keys } from '../../security/crypto.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { ApiKeyRepository } from './apikey.repository.js';

type Row = Awaited<ReturnType<ApiKeyRepository['list']>>[number];

function parsePermissions(text: string): Permission[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list)
      ? list.filter((p): p is Permission => typeof p === 'string' && isPermission(p))
      : [];
  } catch {
    return [];
  }
}

export function maskKey(key: string): string {
  return `${key.slice(0, 4)}…${key.slice(-4)}`;
}

/**
 * Workspace API keys. The secret is returned once, by the call that creates it; only a keyed hash is
 * stored, so lists show a masked preview (deliberately unlike Flowise, which returns keys in clear).
 */
export function createApiKeyService({
  repo,
  keys,
  clock,
}: {
  repo: ApiKeyRepository;
  keys: Keys;
  clock: Clock;
}) {
  async function toWire(rows: Row[], workspaceId: string): Promise<ApiKey[]> {
    const flows = await repo.flowsUsingKeys(workspaceId);
    return rows.map((row) => ({
      id: row.id,
      keyName: row.keyName,
      apiKey: row.apiKeyPreview,
      permissions: parsePermissions(row.permissions),
      workspaceId: row.workspaceId,
      createdDate: row.createdDate,
      updatedDate: row.updatedDate,
      chatFlows: flows
        .filter((f) => f.apikeyid === row.id)
        .map((f) => ({ flowName: f.name, category: f.category, updatedDate: f.updatedDate })),
    }));
  }

  /** An API key may only grant permissions its creator holds. */
  function assertGrantable(ctx: AuthContext, permissions: Permission[]) {
    if (ctx.isOrganizationAdmin) return;
    const missing = permissions.filter((p) => !ctx.permissions.has(p));
    if (missing.length > 0) {
      throw new AppError('FORBIDDEN', `You cannot grant permissions you do not have: ${missing.join(', ')}`);
    }
  }

  /** Two keys of one workspace never share a name: the flow settings pick keys by name. */
  async function assertNameFree(ctx: AuthContext, keyName: string, exceptId?: string) {
    const existing = await repo.findByName(ctx.workspaceId, keyName);
    if (existing && existing.id !== exceptId)
      throw new AppError('CONFLICT', `An API key named "${keyName}" already exists`);
  }

  return {
    async list(ctx: AuthContext): Promise<ApiKey[]> {
      return toWire(await repo.list(ctx.workspaceId), ctx.workspaceId);
    },
    async page(ctx: AuthContext, page: number, limit: number): Promise<Page<ApiKey>> {
      const [rows, total] = await Promise.all([
        repo.page(ctx.workspaceId, (page - 1) * limit, limit),
        repo.count(ctx.workspaceId),
      ]);
      return { data: await toWire(rows, ctx.workspaceId), total };
    },
    async get(ctx: AuthContext, id: string): Promise<ApiKey> {
      const row = await repo.find(ctx.workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', `API key ${id} not found`);
      const [wire] = await toWire([row], ctx.workspaceId);
      return wire!;
    },
    /** Creates a key; the answer is the workspace's key list with this one's secret in full (shown once). */
    async create(ctx: AuthContext, body: CreateApiKeyBody): Promise<{ created: ApiKey; list: ApiKey[] }> {
      await assertNameFree(ctx, body.keyName);
      // Omitted permissions mean full access, as keys had before permissions existed.
      const permissions = body.permissions.length > 0 ? body.permissions : [...ALL_PERMISSIONS];
      assertGrantable(ctx, permissions);
      const secret = randomToken(32);
      const at = clock.now().toISOString();
      const id = randomUUID();
      await repo.insert({
        id,
        keyName: body.keyName,
        apiKeyHash: hashToken(keys.tokenHash, secret),
        apiKeyPreview: maskKey(secret),
        permissions: JSON.stringify(permissions),
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      });
      const list = (await this.list(ctx)).map((k) => (k.id === id ? { ...k, apiKey: secret } : k));
      return { created: list.find((k) => k.id === id)!, list };
    },
    async update(ctx: AuthContext, id: string, body: UpdateApiKeyBody): Promise<ApiKey[]> {
      if (body.permissions) assertGrantable(ctx, body.permissions);
      if (body.keyName !== undefined) await assertNameFree(ctx, body.keyName, id);
      const result = await repo.update(ctx.workspaceId, id, {
        ...(body.keyName !== undefined && { keyName: body.keyName }),
        ...(body.permissions !== undefined && { permissions: JSON.stringify(body.permissions) }),
        updatedDate: clock.now().toISOString(),
      });
      if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', `API key ${id} not found`);
      return this.list(ctx);
    },
    /** Deletes several keys of the workspace, all or none (see `removeAllOrNothing`). */
    removeAll: (ctx: AuthContext, ids: readonly string[]) => repo.removeAll(ctx.workspaceId, ids),
    async remove(ctx: AuthContext, id: string): Promise<void> {
      const result = await repo.remove(ctx.workspaceId, id);
      if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', `API key ${id} not found`);
    },
    /** Authenticates a bearer key; undefined when it matches no key. */
    async verify(secret: string): Promise<AuthContext | undefined> {
      if (!secret) return undefined;
      const row = await repo.findByHash(hashToken(keys.tokenHash, secret));
      if (!row) return undefined;
      return {
        kind: 'apiKey',
        userId: null,
        sessionId: null,
        apiKeyId: row.id,
        workspaceId: row.workspaceId,
        organizationId: row.organizationId,
        permissions: new Set(parsePermissions(row.permissions)),
        isOrganizationAdmin: false,
      };
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
