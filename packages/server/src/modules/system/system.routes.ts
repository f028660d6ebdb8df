import type { FastifyInstance } from 'fastify';
import { PLATFORM_TYPE_LABEL, type PlatformType } from '@flowloom/shared';
import { PUBLIC } from '../../http/access.js';
import { VERSION } from '../../version.js';

export function registerSystemRoutes(
  app: FastifyInstance,
  { platformType, openApi }: { platformType: PlatformType; openApi: () => unknown },
) {
  const tags = ['system'];
  app.get(
    '/api/v1/ping',
    { config: { access: PUBLIC }, schema: { tags, summary: 'Health check: "pong" when ready' } },
    (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'),
  );
  app.get(
    '/api/v1/version',
    { config: { access: PUBLIC }, schema: { tags, summary: 'Server version' } },
    () => ({ version: VERSION }),
  );
  app.get(
    '/api/v1/settings',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Deployment settings the web app needs before sign-in' },
    },
    () => ({
      PLATFORM_TYPE: PLATFORM_TYPE_LABEL[platformType],
    }),
  );
  app.get('/api/v1/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, () => openApi());
}
