import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OAUTH2_CALLBACK_PATH } from '@flowloom/shared';
import { PUBLIC, can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import { callbackPage } from './oauth2-page.js';
import type { OAuth2Service } from './oauth2.service.js';

const credentialParams = z.object({ credentialId: z.string().min(1).max(200) });

/**
 * Flowise's `/oauth2-credential` routes. Starting a sign-in and renewing tokens change the
 * credential, so they need `credentials:update`; the callback is public (the provider sends the
 * browser there) and trusts nothing but the signed, single-use state.
 */
export function registerOAuth2Routes(
  root: FastifyInstance,
  { oauth2, appOrigin }: { oauth2: OAuth2Service; appOrigin: string },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['credentials'];

  app.post(
    '/api/v1/oauth2-credential/authorize/:credentialId',
    {
      config: { access: can('credentials:update') },
      schema: {
        tags,
        summary: 'Start signing in an OAuth2 credential: the provider URL to open, with a one-time state',
        params: credentialParams,
      },
    },
    (request) => oauth2.authorize(caller(request), request.params.credentialId),
  );

  app.get(
    OAUTH2_CALLBACK_PATH,
    {
      config: { access: PUBLIC, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Where the provider returns after sign-in; answers a page for the popup' },
    },
    async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const { status, ...message } = await oauth2.callback(query);
      if (!message.success) request.log.info({ oauth2Error: message.error }, 'OAuth2 sign-in failed');
      const page = callbackPage(message, appOrigin);
      return reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', page.policy)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );

  app.post(
    '/api/v1/oauth2-credential/refresh/:credentialId',
    {
      config: { access: can('credentials:update') },
      schema: {
        tags,
        summary: 'Renew the access token of an OAuth2 credential with its refresh token',
        params: credentialParams,
      },
    },
    (request) => oauth2.refreshAnswer(caller(request), request.params.credentialId),
  );
}
