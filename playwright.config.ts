import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Every run starts from an empty data folder: the first-run journey is part of the tests. */
const home = mkdtempSync(join(tmpdir(), 'flowloom-e2e-'));

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'system-chromium', use: { ...devices['Desktop Chrome'], browserName: 'chromium' } }],
  webServer: {
    command: 'node packages/server/dist/flowloom.js start',
    url: `http://127.0.0.1:${PORT}/api/v1/ping`,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: '127.0.0.1', FLOWLOOM_HOME: home, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    timeout: 60_000,
  },
});
