import type { FastifySchema } from 'fastify';
import { zodToJsonSchema } from './zod-type-provider.js';
import type { Access } from './access.js';

declare module 'fastify' {
  interface FastifySchema {
    /** OpenAPI grouping and one-line description of a route. */
    tags?: string[];
    summary?: string;
    /** Leave the route out of the OpenAPI document. */
    hide?: boolean;
  }
}

export interface DocumentedRoute {
  method: string;
  url: string;
  access: Access;
  schema: FastifySchema | undefined;
}

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

function parameters(where: 'path' | 'query', schema: unknown) {
  const json = zodToJsonSchema(schema) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Public.';
    case 'user':
      return 'Signed-in user (web app session); API keys are refused.';
    case 'permission':
      return `Requires one of: ${access.anyOf.join(', ')}.`;
  }
}

/**
 * OpenAPI 3.1 document of every API route, built from the routes' own zod schemas and declared access
 * (the same table the auth hook enforces), so the document cannot drift from the server.
 */
export function buildOpenApi(routes: readonly DocumentedRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.schema?.hide) continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const schema = route.schema ?? {};
    const operation: Record<string, unknown> = {
      tags: schema.tags ?? [],
      summary: schema.summary ?? '',
      description: describeAccess(route.access),
      parameters: [
        ...(schema.params ? parameters('path', schema.params) : []),
        ...(schema.querystring ? parameters('query', schema.querystring) : []),
      ],
      responses: {
        '200': { description: 'Success' },
        '400': { description: 'Invalid input: `{statusCode, success:false, message}`' },
        ...(route.access.kind !== 'public' && {
          '401': { description: 'Missing, invalid or expired credentials' },
          '403': { description: 'The caller lacks the permission' },
        }),
      },
      ...(route.access.kind === 'public' && { security: [] }),
    };
    if (schema.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: zodToJsonSchema(schema.body) } },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: 'Flowise-compatible API of Flowloom.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Workspace API key' },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'token',
          description: 'Web app session (with header x-request-from: internal)',
        },
      },
    },
    security: [{ apiKey: [] }, { session: [] }],
    paths,
  };
}
