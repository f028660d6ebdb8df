import { afterAll, beforeAll, vi } from 'vitest';

// Test files share their worker (`isolate: false` in vitest.config.ts): whatever one file stubbed or
// stored goes back before the next file runs there.
function clearWebStorage() {
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
}

beforeAll(clearWebStorage);

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  clearWebStorage();
});
