import type { FastifyInstance } from 'fastify';
import { EXPORT_DATA_TYPES } from '@flowloom/shared';
import { z } from 'zod';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ExportImportService } from './export-import.service.js';

/** `POST /export-import/export` body: one optional boolean per data type (unknown keys are ignored, as Flowise does). */
const exportBody = z.object(
  Object.fromEntries(
    EXPORT_DATA_TYPES.map(({ flag }) => [
      flag,
      z.boolean({ message: `${flag} must be true or false` }).optional(),
    ]),
  ) as Record<(typeof EXPORT_DATA_TYPES)[number]['flag'], z.ZodOptional<z.ZodBoolean>>,
  { message: 'The request body must be a JSON object of export flags' },
);

/**
 * Workspace export and import (FLOWISE_API.md §6.1–6.2). The import body is the exported file,
 * bounded by the server's body limit (`FLOWLOOM_BODY_LIMIT_MB`, 50 MB by default).
 */
export function registerExportImportRoutes(
  root: FastifyInstance,
  { exportImport }: { exportImport: ExportImportService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['export-import'];

  app.post(
    '/api/v1/export-import/export',
    {
      config: { access: can('workspace:export') },
      schema: { tags, summary: "Export the workspace's data as one bundle", body: exportBody },
    },
    (request) => exportImport.exportData(caller(request), request.body),
  );

  app.post(
    '/api/v1/export-import/import',
    {
      config: { access: can('workspace:import') },
      schema: { tags, summary: 'Import an exported bundle into the workspace, in one transaction' },
    },
    (request) => exportImport.importData(caller(request), request.body),
  );
}
