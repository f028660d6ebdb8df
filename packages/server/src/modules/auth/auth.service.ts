import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import {
  ALL_PERMISSIONS,
  FEATURES,
  isPermission,
  type CurrentUser,
  type Features,
  type LoginResponse,
  type Permission,
  type UpdateUserBody,
  type UserStatus,
} from '@flowloom/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { hashToken, randomToken, type Keys } from '../../security/crypto.js';
import { signJwt, verifyJwt } from '../../security/jwt.js';
import type { Clock, Logger } from '../../runtime.js';
import type { IdentityRepository, Membership, UserRow } from '../identity/identity.repository.js';
import type { Mailer } from './mailer.js';

/** Who is calling: a signed-in person (UI session) or an API key, always acting in one workspace. */
export interface AuthContext {
  kind: 'user' | 'apiKey';
  userId: string | null;
  sessionId: string | null;
  apiKeyId: string | null;
  workspaceId: string;
  organizationId: string;
  permissions: ReadonlySet<string>;
  /** Organization admins pass every permission check (SPEC §6 "global" users). */
  isOrganizationAdmin: boolean;
}

/** Whether the caller holds a permission (organization admins hold them all). */
export const holds = (ctx: AuthContext, permission: string): boolean =>
  ctx.isOrganizationAdmin || ctx.permissions.has(permission);

export const OWNER_ROLE = 'owner';
export const DEFAULT_ORGANIZATION_NAME = 'Default Organization';
export const DEFAULT_WORKSPACE_NAME = 'Default Workspace';
/** The first organization has a fixed id so two racing first-run registrations cannot both succeed. */
export const FIRST_ORGANIZATION_ID = '00000000-0000-4000-8000-000000000001';

/** Codes stored in `login_activity.activityCode`. */
export const LoginActivityCode = {
  LOGIN_SUCCESS: 0,
  LOGOUT_SUCCESS: 1,
  UNKNOWN_USER: -1,
  INCORRECT_CREDENTIAL: -2,
  USER_DISABLED: -3,
  NO_ASSIGNED_WORKSPACE: -4,
  RATE_LIMITED: -5,
} as const;

const BCRYPT_ROUNDS = 10;
const RESET_TOKEN_MINUTES = 30;
/** Compared against when the e-mail is unknown, so a login takes as long either way (a cost-10 hash). */
const DUMMY_HASH = '$2b$10$ncpz3ObUyLjgeO.B2OcNSOMiT9FTKJkomfb6KGw/YeVPBL5ErVlc6';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the refresh token (and the session) expire. */
  maxAgeSeconds: number;
}

export type TokenCheck = { ok: true; context: AuthContext } | { ok: false; reason: 'expired' | 'invalid' };

export interface AuthServiceDeps {
  db: Db;
  repo: IdentityRepository;
  keys: Keys;
  config: Pick<Config, 'platformType' | 'jwtExpiryMinutes' | 'refreshExpiryMinutes' | 'appUrl'>;
  clock: Clock;
  logger: Logger;
  mailer: Mailer | undefined;
}

export function createAuthService({ db, repo, keys, config, clock, logger, mailer }: AuthServiceDeps) {
  const nowIso = () => clock.now().toISOString();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function permissionsOf(membership: Membership): Permission[] {
    if (membership.organizationRoleName === OWNER_ROLE || membership.workspaceRoleName === OWNER_ROLE) {
      return [...ALL_PERMISSIONS];
    }
    try {
      const list = JSON.parse(membership.workspaceRolePermissions) as unknown;
      return Array.isArray(list)
        ? list.filter((p): p is Permission => typeof p === 'string' && isPermission(p))
        : [];
    } catch {
      return [];
    }
  }

  function features(): Features {
    // Open source has no feature-flagged areas (SPEC §6); enterprise enables them all.
    if (config.platformType === 'open-source') return {};
    return Object.fromEntries(FEATURES.map((f) => [f, 'true' as const]));
  }

  function pickMembership(
    memberships: Membership[],
    workspaceId: string | undefined,
  ): Membership | undefined {
    return memberships.find((m) => m.workspaceId === workspaceId) ?? memberships[0];
  }

  function toCurrentUser(user: UserRow, membership: Membership, memberships: Membership[]): CurrentUser {
    const isOrganizationAdmin = membership.organizationRoleName === OWNER_ROLE;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      status: user.status as UserStatus,
      role: isOrganizationAdmin ? OWNER_ROLE : membership.workspaceRoleName,
      isSSO: false,
      activeOrganizationId: membership.organizationId,
      activeOrganizationSubscriptionId: membership.subscriptionId,
      activeOrganizationCustomerId: membership.customerId,
      activeOrganizationProductId: null,
      activeWorkspaceId: membership.workspaceId,
      activeWorkspace: membership.workspaceName,
      lastLogin: user.lastLogin,
      isOrganizationAdmin,
      assignedWorkspaces: memberships
        .filter((m) => m.organizationId === membership.organizationId)
        .map((m) => ({ id: m.workspaceId, name: m.workspaceName })),
      permissions: permissionsOf(membership),
    };
  }

  async function currentUser(userId: string, workspaceId: string): Promise<CurrentUser> {
    const user = await repo.findUserById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid or Missing token');
    const memberships = await repo.listMemberships(userId);
    const membership = pickMembership(memberships, workspaceId);
    if (!membership) throw new AppError('FORBIDDEN', 'You are not a member of any workspace');
    return toCurrentUser(user, membership, memberships);
  }

  function issueTokens(userId: string, sessionId: string, expiresAtSeconds: number): IssuedSession {
    const iat = nowSeconds();
    const accessExp = Math.min(iat + config.jwtExpiryMinutes * 60, expiresAtSeconds);
    return {
      accessToken: signJwt(keys.jwt, { sub: userId, sid: sessionId, typ: 'access', iat, exp: accessExp }),
      refreshToken: signJwt(keys.jwt, {
        sub: userId,
        sid: sessionId,
        typ: 'refresh',
        iat,
        exp: expiresAtSeconds,
      }),
      maxAgeSeconds: Math.max(0, expiresAtSeconds - iat),
    };
  }

  async function recordActivity(
    username: string,
    userId: string | null,
    code: number,
    message: string,
    ip: string | null,
  ) {
    try {
      await repo.recordLoginActivity({
        id: randomUUID(),
        username,
        userId,
        activityCode: code,
        message,
        ipAddress: ip,
        attemptedDateTime: nowIso(),
      });
    } catch (error) {
      logger.error({ err: error }, 'could not record login activity');
    }
  }

  return {
    /** First-run check for the UI: where to send a visitor who is not signed in. */
    async resolve(): Promise<{ redirectUrl: string }> {
      return { redirectUrl: (await repo.countUsers()) === 0 ? '/organization-setup' : '/login' };
    },

    /** Creates the first (owner) account with its organization and workspace; refused once any account exists. */
    async registerOwner(input: {
      name: string;
      email: string;
      credential: string;
    }): Promise<Omit<CurrentUser, 'permissions'>> {
      if ((await repo.countUsers()) > 0) {
        throw new AppError(
          'FORBIDDEN',
          'An account already exists. Sign in, or ask the owner to invite you.',
        );
      }
      const hash = await bcrypt.hash(input.credential, BCRYPT_ROUNDS);
      const at = nowIso();
      const userId = randomUUID();
      const workspaceId = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          let owner = await repo.findGlobalRoleByName(OWNER_ROLE, trx);
          if (!owner) {
            owner = {
              id: randomUUID(),
              organizationId: null,
              name: OWNER_ROLE,
              description: 'Full access to the organization',
              permissions: JSON.stringify(ALL_PERMISSIONS),
              createdDate: at,
              updatedDate: at,
              createdBy: null,
              updatedBy: null,
            };
            await repo.insertRole(owner, trx);
          }
          const audit = { createdDate: at, updatedDate: at, createdBy: userId, updatedBy: userId };
          await repo.insertUser(
            {
              id: userId,
              name: input.name,
              email: input.email,
              credential: hash,
              tempToken: null,
              tokenExpiry: null,
              status: 'active',
              lastLogin: null,
              ...audit,
              createdBy: null,
              updatedBy: null,
            },
            trx,
          );
          await repo.insertOrganization(
            {
              id: FIRST_ORGANIZATION_ID,
              name: DEFAULT_ORGANIZATION_NAME,
              customerId: null,
              subscriptionId: null,
              ...audit,
            },
            trx,
          );
          await repo.insertWorkspace(
            {
              id: workspaceId,
              name: DEFAULT_WORKSPACE_NAME,
              description: null,
              organizationId: FIRST_ORGANIZATION_ID,
              ...audit,
            },
            trx,
          );
          await repo.linkOrganizationUser(
            { organizationId: FIRST_ORGANIZATION_ID, userId, roleId: owner.id, status: 'active', ...audit },
            trx,
          );
          await repo.linkWorkspaceUser(
            { workspaceId, userId, roleId: owner.id, status: 'active', lastLogin: null, ...audit },
            trx,
          );
        });
      } catch (error) {
        if ((await repo.countUsers()) > 0) {
          throw new AppError(
            'FORBIDDEN',
            'An account already exists. Sign in, or ask the owner to invite you.',
            { cause: error },
          );
        }
        throw error;
      }
      logger.info({ userId }, 'owner account created');
      const { permissions: _omit, ...user } = await currentUser(userId, workspaceId);
      return user;
    },

    async login(
      emailInput: string,
      password: string,
      ip: string | null,
    ): Promise<{ session: IssuedSession; body: LoginResponse }> {
      const email = emailInput.toLowerCase();
      const user = await repo.findUserByEmail(email);
      const matches = await bcrypt.compare(password, user?.credential ?? DUMMY_HASH);
      if (!user || !user.credential) {
        await recordActivity(email, null, LoginActivityCode.UNKNOWN_USER, 'Unknown user', ip);
        throw new AppError('UNAUTHORIZED', 'Incorrect email or password');
      }
      if (!matches) {
        await recordActivity(
          email,
          user.id,
          LoginActivityCode.INCORRECT_CREDENTIAL,
          'Incorrect password',
          ip,
        );
        throw new AppError('UNAUTHORIZED', 'Incorrect email or password');
      }
      if (user.status !== 'active') {
        await recordActivity(email, user.id, LoginActivityCode.USER_DISABLED, `User is ${user.status}`, ip);
        throw new AppError('UNAUTHORIZED', 'This account is not active. Contact your administrator.');
      }
      const memberships = await repo.listMemberships(user.id);
      const membership = memberships[0];
      if (!membership) {
        await recordActivity(
          email,
          user.id,
          LoginActivityCode.NO_ASSIGNED_WORKSPACE,
          'No assigned workspace',
          ip,
        );
        throw new AppError('FORBIDDEN', 'You are not assigned to any workspace. Contact your administrator.');
      }
      const at = nowIso();
      const sessionId = randomUUID();
      const expiresAtSeconds = nowSeconds() + config.refreshExpiryMinutes * 60;
      await repo.insertSession({
        id: sessionId,
        userId: user.id,
        activeWorkspaceId: membership.workspaceId,
        createdDate: at,
        expiresAt: new Date(expiresAtSeconds * 1000).toISOString(),
      });
      await repo.updateUser(user.id, { lastLogin: at });
      await repo.touchWorkspaceLogin(membership.workspaceId, user.id, at);
      await recordActivity(email, user.id, LoginActivityCode.LOGIN_SUCCESS, 'Login successful', ip);
      const session = issueTokens(user.id, sessionId, expiresAtSeconds);
      const current = toCurrentUser({ ...user, lastLogin: at }, membership, memberships);
      return { session, body: { ...current, token: session.accessToken, features: features() } };
    },

    /** Checks an access token and its session; the session decides the active workspace. */
    async authenticate(token: string): Promise<TokenCheck> {
      const result = verifyJwt(keys.jwt, token, nowSeconds());
      if (!result.ok) return { ok: false, reason: result.reason };
      if (result.claims.typ !== 'access') return { ok: false, reason: 'invalid' };
      const session = await repo.findSession(result.claims.sid);
      if (!session || session.revokedAt || session.userId !== result.claims.sub)
        return { ok: false, reason: 'invalid' };
      const user = await repo.findUserById(session.userId);
      if (!user || user.status !== 'active') return { ok: false, reason: 'invalid' };
      const membership = pickMembership(await repo.listMemberships(user.id), session.activeWorkspaceId);
      if (!membership || membership.workspaceId !== session.activeWorkspaceId)
        return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        context: {
          kind: 'user',
          userId: user.id,
          sessionId: session.id,
          apiKeyId: null,
          workspaceId: membership.workspaceId,
          organizationId: membership.organizationId,
          permissions: new Set(permissionsOf(membership)),
          isOrganizationAdmin: membership.organizationRoleName === OWNER_ROLE,
        },
      };
    },

    /** New access token from a refresh token whose session is still live. */
    async refresh(refreshToken: string | undefined): Promise<{ session: IssuedSession; user: CurrentUser }> {
      const invalid = new AppError('UNAUTHORIZED', 'Invalid or Missing token');
      if (!refreshToken) throw invalid;
      const result = verifyJwt(keys.jwt, refreshToken, nowSeconds());
      if (!result.ok || result.claims.typ !== 'refresh') throw invalid;
      const session = await repo.findSession(result.claims.sid);
      if (!session || session.revokedAt || session.userId !== result.claims.sub) throw invalid;
      const expiresAtSeconds = Math.floor(new Date(session.expiresAt).getTime() / 1000);
      if (expiresAtSeconds <= nowSeconds()) throw invalid;
      const user = await currentUser(session.userId, session.activeWorkspaceId);
      return { session: issueTokens(session.userId, session.id, expiresAtSeconds), user };
    },

    /** Ends the session named by the (possibly expired, but genuine) access token. */
    async logout(token: string | undefined, ip: string | null): Promise<void> {
      if (!token) return;
      const result = verifyJwt(keys.jwt, token, nowSeconds());
      if (!result.ok && result.reason === 'invalid') return;
      const claims = result.ok ? result.claims : result.reason === 'expired' ? result.claims : undefined;
      if (!claims) return;
      await repo.revokeSession(claims.sid, nowIso());
      const user = await repo.findUserById(claims.sub);
      if (user)
        await recordActivity(user.email, user.id, LoginActivityCode.LOGOUT_SUCCESS, 'Logout successful', ip);
    },

    currentUser,
    features,

    /**
     * Starts a password reset. The answer never says whether the e-mail exists, and the token is
     * only ever e-mailed (never returned or logged); without SMTP the shell command resets passwords.
     */
    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user || user.status === 'deleted') return;
      if (!mailer) {
        logger.warn(
          { userId: user.id },
          'password reset requested but SMTP is not configured; reset it from the shell with: flowloom user --email <email> --password <new password>',
        );
        return;
      }
      const token = randomToken(32);
      const expiry = new Date(clock.now().getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString();
      await repo.updateUser(user.id, {
        tempToken: hashToken(keys.tokenHash, token),
        tokenExpiry: expiry,
        updatedDate: nowIso(),
      });
      const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      try {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Flowloom password',
          text: `Hello ${user.name},\n\nOpen this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        });
      } catch (error) {
        logger.error({ err: error, userId: user.id }, 'could not send the password reset e-mail');
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The password reset e-mail could not be sent. Try again later.',
        );
      }
    },

    async resetPassword(input: { email: string; tempToken: string; password: string }): Promise<void> {
      const user = await repo.findUserByEmail(input.email);
      const invalid = new AppError(
        'BAD_REQUEST',
        'This password reset link is invalid or has expired. Ask for a new one.',
      );
      if (!user?.tempToken || !user.tokenExpiry) throw invalid;
      if (new Date(user.tokenExpiry).getTime() < clock.now().getTime()) throw invalid;
      if (hashToken(keys.tokenHash, input.tempToken) !== user.tempToken) throw invalid;
      await setPassword(user.id, input.password);
    },

    /** Shell-only reset (`flowloom user`): no token needed, the operator has the machine. */
    async resetPasswordFromShell(email: string, password: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) throw new AppError('NOT_FOUND', `No user with e-mail ${email}`);
      await setPassword(user.id, password);
    },

    async getUser(ctx: AuthContext, id: string) {
      if (id !== ctx.userId && !ctx.isOrganizationAdmin && !ctx.permissions.has('users:manage')) {
        throw new AppError('FORBIDDEN', 'You can only view your own profile');
      }
      const user = await repo.findUserById(id);
      if (!user) throw new AppError('NOT_FOUND', `User ${id} not found`);
      return publicUser(user);
    },

    /** Updates the caller's own name, e-mail and (with the current password) password. */
    async updateUser(ctx: AuthContext, body: UpdateUserBody) {
      if (!ctx.userId) throw new AppError('FORBIDDEN', 'Only a signed-in user can update a profile');
      if (body.id && body.id !== ctx.userId)
        throw new AppError('FORBIDDEN', 'You can only update your own profile');
      const user = await repo.findUserById(ctx.userId);
      if (!user) throw new AppError('NOT_FOUND', `User ${ctx.userId} not found`);
      const patch: { name?: string; email?: string; updatedDate: string; updatedBy: string } = {
        updatedDate: nowIso(),
        updatedBy: user.id,
      };
      if (body.name !== undefined) patch.name = body.name;
      if (body.email !== undefined && body.email !== user.email) {
        const taken = await repo.findUserByEmail(body.email);
        if (taken) throw new AppError('CONFLICT', 'Another account already uses this email');
        patch.email = body.email;
      }
      if (body.newPassword !== undefined) {
        const ok = user.credential ? await bcrypt.compare(body.oldPassword ?? '', user.credential) : false;
        if (!ok) throw new AppError('BAD_REQUEST', 'The current password is incorrect');
        await setPassword(user.id, body.newPassword, ctx.sessionId ?? undefined);
      }
      await repo.updateUser(user.id, patch);
      return publicUser({ ...user, ...patch });
    },
  };

  async function setPassword(userId: string, password: string, keepSession?: string) {
    const hash = await bcrypt.hash(password, BCRYPT_ROUNDS);
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(
        userId,
        { credential: hash, tempToken: null, tokenExpiry: null, updatedDate: at },
        trx,
      );
      await repo.revokeUserSessions(userId, at, keepSession, trx);
    });
  }
}

/** A user row without its password hash and reset token. */
export function publicUser(user: UserRow) {
  const { credential: _c, tempToken: _t, tokenExpiry: _e, ...rest } = user;
  return rest;
}

export type AuthService = ReturnType<typeof createAuthService>;
