import type { NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { configuredTarget, type SqlTarget } from './sql-connections.js';

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

/** The database a MySQL node connects to: inputs, credential, Additional Configuration, and SSL if it has one. */
export function mysqlTarget(ctx: NodeContext, service: string): Promise<SqlTarget> {
  return configuredTarget(ctx, service, MYSQL_PORT, MYSQL_OPTIONS);
}
