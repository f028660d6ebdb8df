import type { NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { configuredTarget, type SqlTarget } from './sql-connections.js';

export const POSTGRES_PORT = 5432;

/** Options of Additional Configuration the Postgres nodes use. */
export const POSTGRES_OPTIONS = ['ssl', 'application_name', 'statement_timeout'];

/** The Host, Database, Port and SSL inputs of the Postgres nodes (Flowise names). */
export const postgresConnectionInputs: NodeParam[] = [
  { label: 'Host', name: 'host', type: 'string', placeholder: 'localhost' },
  { label: 'Database', name: 'database', type: 'string' },
  { label: 'Port', name: 'port', type: 'number', placeholder: String(POSTGRES_PORT), optional: true },
  {
    label: 'SSL',
    name: 'ssl',
    description: 'Use SSL to connect to Postgres',
    type: 'boolean',
    additionalParams: true,
    optional: true,
  },
];

/** The database a Postgres node connects to: inputs, credential, SSL and Additional Configuration. */
export function postgresTarget(ctx: NodeContext, service: string): Promise<SqlTarget> {
  return configuredTarget(ctx, service, POSTGRES_PORT, POSTGRES_OPTIONS);
}
