import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { password as passwordRule } from '@flowloom/shared';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { AppError } from './errors.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createIdentityRepository } from './modules/identity/identity.repository.js';
import { systemClock } from './runtime.js';
import { deriveKeys } from './security/crypto.js';
import { loadSecretKey } from './security/secret-key.js';
import { VERSION } from './version.js';

const HELP = `Flowloom ${VERSION}

Usage:
  flowloom start                                   Start the server (default)
  flowloom user --email <email> --password <pw>    Set a user's password from the shell
  flowloom --version | --help

Configuration comes from the environment (PORT, HOST, FLOWLOOM_HOME, DATABASE_URL, PLATFORM_TYPE, LOG_LEVEL,
FLOWLOOM_SECRET_KEY, ...); see README.md.`;

/** Built web app next to the server bundle: packages/ui/dist. */
function defaultUiDir(): string {
  return fileURLToPath(new URL('../../ui/dist', import.meta.url));
}

async function start(config: Config): Promise<void> {
  const startedAt = performance.now();
  const app = await createApp({ config: { ...config, uiDir: config.uiDir ?? defaultUiDir() } });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing open requests`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `Flowloom ${VERSION} is ready on http://${shown}:${port} (${Math.round(performance.now() - startedAt)} ms)`,
  );
}

async function resetUserPassword(
  config: Config,
  email: string | undefined,
  password: string | undefined,
): Promise<void> {
  if (!email || !password) throw new AppError('BAD_REQUEST', 'Both --email and --password are required');
  const checked = passwordRule.safeParse(password);
  if (!checked.success)
    throw new AppError('BAD_REQUEST', checked.error.issues[0]?.message ?? 'Invalid password');
  const database = await openDatabase({ url: config.databaseUrl ?? join(config.home, 'database.sqlite') });
  try {
    await migrateToLatest(database.db);
    const silent = {
      info() {},
      warn() {},
      error() {},
      debug() {},
      fatal() {},
      trace() {},
      child() {
        return silent;
      },
      level: 'silent',
      silent() {},
    };
    const auth = createAuthService({
      db: database.db,
      repo: createIdentityRepository(database.db),
      keys: deriveKeys(loadSecretKey(config.home, config.secretKey)),
      config,
      clock: systemClock,
      logger: silent as never,
      mailer: undefined,
    });
    await auth.resetPasswordFromShell(email.trim().toLowerCase(), password);
    console.log(`Password updated for ${email}. Every session of that user was signed out.`);
  } finally {
    await database.db.destroy();
  }
}

export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.help) return void console.log(HELP);
  if (values.version) return void console.log(VERSION);
  const command = positionals[0] ?? 'start';
  const config = loadConfig();
  switch (command) {
    case 'start':
      return start(config);
    case 'user':
      return resetUserPassword(config, values.email, values.password);
    default:
      throw new AppError('BAD_REQUEST', `Unknown command "${command}".\n\n${HELP}`);
  }
}

export function runCli(): void {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof AppError;
    console.error(known ? `flowloom: ${error.message}` : error);
    process.exit(1);
  });
}
