import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/` with single-page fallback: any GET outside `/api/` that is not a
 * file answers `index.html`. API paths keep their JSON 404.
 */
export async function registerStaticUi(app: FastifyInstance, uiDir: string | undefined): Promise<boolean> {
  if (!uiDir || !existsSync(join(uiDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: uiDir,
    // Look files up per request, so a web app rebuilt while the server runs is served as it is now.
    wildcard: true,
    index: 'index.html',
    // Serve the .br / .gz files written at build time to clients that accept them.
    preCompressed: true,
    maxAge: '1h',
    setHeaders(res, path) {
      // Hashed assets never change; index.html must always be revalidated.
      if (path.includes(`/assets/`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  return true;
}
