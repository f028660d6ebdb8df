import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  updateUserBody,
} from '@flowloom/shared';
import type { Config } from '../../config.js';
import { PUBLIC, USER } from '../../http/access.js';
import { ACCESS_COOKIE, REFRESH_COOKIE, caller, sessionToken } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { AuthService, IssuedSession } from './auth.service.js';

const REFRESH_PATH = '/api/v1/auth';

export function registerAuthRoutes(
  root: FastifyInstance,
  { auth, config }: { auth: AuthService; config: Pick<Config, 'secureCookies' | 'loginRateLimit'> },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cookieBase = { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  function setSession(reply: FastifyReply, session: IssuedSession) {
    // The access cookie outlives the access token so an expired token is reported as "Token Expired".
    reply.setCookie(ACCESS_COOKIE, session.accessToken, {
      ...cookieBase,
      path: '/',
      maxAge: session.maxAgeSeconds,
    });
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieBase,
      path: REFRESH_PATH,
      maxAge: session.maxAgeSeconds,
    });
  }

  /** Brute-force guard: per client address and submitted e-mail, on top of recorded login activity. */
  const attemptLimit = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: '15 minutes',
      hook: 'preHandler' as const,
      keyGenerator: (request: { ip: string; body?: unknown }) => {
        const body = request.body as { email?: unknown; user?: { email?: unknown } } | undefined;
        const email = body?.email ?? body?.user?.email;
        return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
      },
      errorResponseBuilder: (_request: unknown, context: { after: string }) => ({
        statusCode: 429,
        success: false,
        message: `Too many attempts. Try again in ${context.after}.`,
      }),
    },
  });

  app.post(
    '/api/v1/auth/resolve',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Where a visitor who is not signed in should go (first-run setup or login)',
      },
    },
    () => auth.resolve(),
  );

  app.post(
    '/api/v1/account/register',
    {
      config: { access: PUBLIC, ...attemptLimit(config.loginRateLimit) },
      schema: { tags: ['auth'], summary: 'Create the first (owner) account', body: registerBody },
    },
    async (request, reply) => {
      const user = await auth.registerOwner(request.body.user);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/v1/auth/login',
    {
      config: { access: PUBLIC, ...attemptLimit(config.loginRateLimit) },
      schema: { tags: ['auth'], summary: 'Sign in; sets the session cookies', body: loginBody },
    },
    async (request, reply) => {
      const { session, body } = await auth.login(request.body.email, request.body.password, request.ip);
      setSession(reply, session);
      return body;
    },
  );

  app.post(
    '/api/v1/auth/refreshToken',
    {
      config: { access: PUBLIC },
      schema: { tags: ['auth'], summary: 'New access token from the refresh cookie' },
    },
    async (request, reply) => {
      const { session, user } = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      setSession(reply, session);
      return { ...user, token: session.accessToken, features: auth.features() };
    },
  );

  app.post(
    '/api/v1/account/logout',
    {
      config: { access: PUBLIC },
      schema: { tags: ['auth'], summary: 'Sign out and clear the session cookies' },
    },
    async (request, reply) => {
      await auth.logout(sessionToken(request), request.ip);
      reply.clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/' });
      reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: REFRESH_PATH });
      return { message: 'logged_out', redirectTo: '/login' };
    },
  );

  app.post(
    '/api/v1/account/forgot-password',
    {
      config: { access: PUBLIC, ...attemptLimit(5) },
      schema: { tags: ['auth'], summary: 'E-mail a password reset link', body: forgotPasswordBody },
    },
    async (request) => {
      await auth.forgotPassword(request.body.user.email);
      return { message: 'If an account exists for this email, a password reset link has been sent to it.' };
    },
  );

  app.post(
    '/api/v1/account/reset-password',
    {
      config: { access: PUBLIC, ...attemptLimit(10) },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link token',
        body: resetPasswordBody,
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.user);
      return { message: 'Your password has been reset. Sign in with the new password.' };
    },
  );

  app.get(
    '/api/v1/user',
    {
      config: { access: USER },
      schema: {
        tags: ['users'],
        summary: 'A user profile (your own, unless you manage users)',
        querystring: z.object({ id: z.string().min(1, 'id is required') }),
      },
    },
    (request) => auth.getUser(caller(request), request.query.id),
  );

  app.put(
    '/api/v1/user',
    {
      config: { access: USER },
      schema: { tags: ['users'], summary: 'Update your name, e-mail or password', body: updateUserBody },
    },
    (request) => auth.updateUser(caller(request), request.body),
  );
}
