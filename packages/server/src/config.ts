import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PlatformType } from '@flowloom/shared';
import { DEFAULT_SANDBOX_LIMITS, defaultSandboxThreads } from '@flowloom/nodes';

/** Everything the server reads from the environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  home: string;
  /** `postgres://…` selects PostgreSQL; undefined means the SQLite file in {@link home}. */
  databaseUrl: string | undefined;
  platformType: PlatformType;
  logLevel: string;
  /** From `FLOWLOOM_SECRET_KEY`; undefined means the key file in the home folder. */
  secretKey: string | undefined;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Public URL of the app, used in e-mailed links. */
  appUrl: string;
  /** Access-token lifetime in minutes and refresh-token lifetime in minutes. */
  jwtExpiryMinutes: number;
  refreshExpiryMinutes: number;
  /** Mark auth cookies `Secure` (set when served over HTTPS). */
  secureCookies: boolean;
  /** Login attempts allowed per client address and e-mail in one 15-minute window. */
  loginRateLimit: number;
  smtp: SmtpConfig | undefined;
  /** Folder with the built web app; undefined disables static serving. */
  uiDir: string | undefined;
  /** The code sandbox for user code (`FLOWLOOM_SANDBOX_*`). */
  sandbox: SandboxConfig;
  /** Largest uploaded file in bytes (`FLOWLOOM_FILE_SIZE_LIMIT_MB`): document-store and flow uploads. */
  fileSizeLimit: number;
  /** Cross-origin browser access (`CORS_ORIGINS`, `CORS_ALLOW_CREDENTIALS`); see `http/cors.ts`. */
  cors: CorsConfig;
}

export interface CorsConfig {
  /** Origins every route answers to (lower case), or `*` for any; empty by default. */
  origins: '*' | string[];
  /** Cookies may go with the listed origins' requests; never with `*` or a flow's own domains. */
  allowCredentials: boolean;
  /** Said once at start when the settings contradict each other (`*` with credentials). */
  warning?: string;
}

/** Size and per-run limits of the code sandbox; each limit is named in the error when a run hits it. */
export interface SandboxConfig {
  threads: number;
  queue: number;
  timeoutMs: number;
  memoryBytes: number;
  outputBytes: number;
  maxRequests: number;
  concurrentRequests: number;
  responseBytes: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

export class ConfigError extends Error {}

const PLATFORM_TYPES: Record<string, PlatformType> = {
  'open-source': 'open-source',
  'open source': 'open-source',
  opensource: 'open-source',
  enterprise: 'enterprise',
  cloud: 'cloud',
};

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  return ['1', 'true', 'yes'].includes((env[name] ?? '').toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const platformRaw = (env.PLATFORM_TYPE ?? 'open-source').trim().toLowerCase();
  const platformType = PLATFORM_TYPES[platformRaw];
  if (!platformType) {
    throw new ConfigError(
      `PLATFORM_TYPE must be open-source, enterprise or cloud (got "${env.PLATFORM_TYPE}")`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      'DATABASE_URL must be a postgres:// URL; leave it unset to use the embedded SQLite database',
    );
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const secretKey = env.FLOWLOOM_SECRET_KEY || undefined;
  if (secretKey !== undefined && secretKey.length < 32) {
    throw new ConfigError('FLOWLOOM_SECRET_KEY must be at least 32 characters');
  }
  const smtpHost = env.SMTP_HOST?.trim();
  return {
    port,
    host,
    home: resolve(env.FLOWLOOM_HOME?.trim() || join(homedir(), '.flowloom')),
    databaseUrl,
    platformType,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    secretKey,
    bodyLimit: integer(env, 'FLOWLOOM_BODY_LIMIT_MB', 50, 1, 1024) * 1024 * 1024,
    appUrl: (env.APP_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, ''),
    jwtExpiryMinutes: integer(env, 'JWT_TOKEN_EXPIRY_IN_MINUTES', 60, 1, 60 * 24 * 30),
    refreshExpiryMinutes: integer(env, 'JWT_REFRESH_TOKEN_EXPIRY_IN_MINUTES', 60 * 24 * 30, 5, 60 * 24 * 365),
    secureCookies: flag(env, 'SECURE_COOKIES'),
    loginRateLimit: integer(env, 'FLOWLOOM_LOGIN_RATE_LIMIT', 10, 1, 100_000),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: integer(env, 'SMTP_PORT', 587, 1, 65535),
          secure: flag(env, 'SMTP_SECURE'),
          user: env.SMTP_USER || undefined,
          password: env.SMTP_PASSWORD || undefined,
          from: env.SENDER_EMAIL?.trim() || 'Flowloom <no-reply@localhost>',
        }
      : undefined,
    uiDir: env.FLOWLOOM_UI_DIR?.trim() || undefined,
    sandbox: sandboxConfig(env),
    fileSizeLimit: integer(env, 'FLOWLOOM_FILE_SIZE_LIMIT_MB', 50, 1, 1024) * 1024 * 1024,
    cors: corsConfig(env),
  };
}

/** `CORS_ORIGINS`: `*` or a comma list of origins (`https://shop.example`), compared in lower case. */
function corsConfig(env: NodeJS.ProcessEnv): CorsConfig {
  const raw = env.CORS_ORIGINS?.trim() ?? '';
  if (raw === '*')
    return {
      origins: '*',
      allowCredentials: false,
      ...(flag(env, 'CORS_ALLOW_CREDENTIALS') && {
        warning:
          'CORS_ORIGINS=* cannot be combined with CORS_ALLOW_CREDENTIALS=true: credentials are not allowed. List the trusted origins in CORS_ORIGINS to allow them.',
      }),
    };
  const origins: string[] = [];
  for (const part of raw.split(',')) {
    const entry = part.trim().toLowerCase();
    if (!entry) continue;
    let origin: string;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = 'null';
    }
    if (origin === 'null' || origin !== entry.replace(/\/$/, ''))
      throw new ConfigError(
        `CORS_ORIGINS must be * or a comma-separated list of origins such as https://shop.example (got "${part.trim()}")`,
      );
    origins.push(origin);
  }
  return { origins, allowCredentials: flag(env, 'CORS_ALLOW_CREDENTIALS') };
}

const MB = 1024 * 1024;

function sandboxConfig(env: NodeJS.ProcessEnv): SandboxConfig {
  const limits = DEFAULT_SANDBOX_LIMITS;
  const megabytes = (name: string, fallback: number, max: number) =>
    integer(env, name, Math.round(fallback / MB), 1, max) * MB;
  return {
    threads: integer(env, 'FLOWLOOM_SANDBOX_THREADS', defaultSandboxThreads(), 1, 256),
    queue: integer(env, 'FLOWLOOM_SANDBOX_QUEUE', 100, 0, 100_000),
    timeoutMs: integer(env, 'FLOWLOOM_SANDBOX_TIMEOUT_MS', limits.timeoutMs, 100, 3_600_000),
    memoryBytes: megabytes('FLOWLOOM_SANDBOX_MEMORY_MB', limits.memoryBytes, 2048),
    outputBytes: megabytes('FLOWLOOM_SANDBOX_OUTPUT_MB', limits.outputBytes, 1024),
    maxRequests: integer(env, 'FLOWLOOM_SANDBOX_MAX_REQUESTS', limits.maxRequests, 0, 100_000),
    concurrentRequests: integer(
      env,
      'FLOWLOOM_SANDBOX_CONCURRENT_REQUESTS',
      limits.concurrentRequests,
      1,
      64,
    ),
    responseBytes: megabytes('FLOWLOOM_SANDBOX_RESPONSE_MB', limits.responseBytes, 1024),
  };
}
