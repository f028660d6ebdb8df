import { afterAll, vi } from 'vitest';

// Test files share their worker (`isolate: false` in vitest.config.ts): whatever one file stubbed
// goes back before the next file runs there.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
