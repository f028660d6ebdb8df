import type { NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { booleanInput } from '../llm/chat-model.js';
import { additionalConfig, databaseTarget, type SqlTarget } from './sql-connections.js';

export const MYSQL_PORT = 3306;

/** Options of Additional Connection Configuration the MySQL nodes use. */
export const MYSQL_OPTIONS = ['ssl', 'charset'];

/** The Host, Database and Port inputs of the MySQL nodes (Flowise names). */
export const mysqlConnectionInputs: NodeParam[] = [
  { label: 'Host', name: 'host', type: 'string' },
  { label: 'Database', name: 'database', type: 'string' },
  { label: 'Port', name: 'port', type: 'number', placeholder: String(MYSQL_PORT), optional: true },
];

/** An SSL input for MySQL nodes that have one (Flowise's MySQL nodes take `ssl` in their configuration). */
export const mysqlSslInput: NodeParam = {
  label: 'SSL',
  name: 'ssl',
  description: 'Use SSL to connect to MySQL',
  type: 'boolean',
  additionalParams: true,
  optional: true,
};

/**
 * The database a MySQL node connects to: inputs, credential and Additional Configuration (whose
 * `ssl` options win when the SSL input is on).
 */
export async function mysqlTarget(ctx: NodeContext, service: string): Promise<SqlTarget> {
  const target = await databaseTarget(ctx, service, MYSQL_PORT);
  const { ssl, ...extra } = additionalConfig(ctx, service, ctx.inputs.additionalConfig, MYSQL_OPTIONS);
  const sslOption = booleanInput(ctx.inputs.ssl, false) ? (ssl && typeof ssl === 'object' ? ssl : true) : ssl;
  return { ...target, ...(sslOption ? { ssl: sslOption as SqlTarget['ssl'] } : {}), extra };
}
