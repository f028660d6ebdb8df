import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The scripted LLM (packages/test-llm): every model call of a run goes there, never to a provider. */
const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 4199);
/** Every run starts from an empty data folder: the first-run journey is part of the tests. */
const home = mkdtempSync(join(tmpdir(), 'flowloom-e2e-'));
/** The journey asserts a fresh install, so it runs before the specs that need a signed-in owner. */
const FIRST_RUN = /journey\.spec\.ts$/;
const browser = { ...devices['Desktop Chrome'], browserName: 'chromium' as const };

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'first-run', testMatch: FIRST_RUN, use: browser },
    { name: 'system-chromium', testIgnore: FIRST_RUN, dependencies: ['first-run'], use: browser },
  ],
  webServer: [
    {
      command: `node packages/test-llm/dist/cli.js --port ${LLM_PORT}`,
      url: `http://127.0.0.1:${LLM_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node packages/server/dist/flowloom.js start',
      url: `http://127.0.0.1:${PORT}/api/v1/ping`,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        FLOWLOOM_HOME: home,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        OPENAI_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
        // document-stores.spec.ts serves a page on 127.0.0.1 for the web scraper to read.
        FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
        // Every spec signs the owner in through the page: more than the default 10 per window.
        FLOWLOOM_LOGIN_RATE_LIMIT: '100',
      },
      timeout: 60_000,
    },
  ],
});
