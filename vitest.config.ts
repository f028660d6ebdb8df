import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

// Workspace packages resolve to their TypeScript sources through the "@flowloom/source" export condition,
// so tests never need a build first. Dependencies resolve as Node resolves them: without Vite's
// "module" condition, which picks bundler-only builds (the AWS SDK's dist-es imports files without
// extensions, which Node cannot load).
const serverConditions = ['@flowloom/source', ...defaultServerConditions.filter((c) => c !== 'module')];
// Test files run two at a time (Vitest's default is one fewer than the cores: one on a 2-core CI
// machine) and share their worker instead of importing every module again per file, which took
// most of CI's time. A setup file puts back what a file stubbed.
const SHARED_WORKER_SETUP = 'scripts/vitest-shared-worker.ts';
const nodeProject = (name: string) => ({
  resolve: { conditions: serverConditions },
  ssr: { resolve: { conditions: serverConditions } },
  test: {
    name,
    include: [`packages/${name}/src/**/*.test.ts`, `packages/${name}/test/**/*.test.ts`],
    environment: 'node' as const,
    isolate: false,
    setupFiles: [SHARED_WORKER_SETUP],
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      nodeProject('shared'),
      nodeProject('engine'),
      nodeProject('nodes'),
      nodeProject('test-llm'),
      {
        ...nodeProject('server'),
        test: {
          ...nodeProject('server').test,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { conditions: ['@flowloom/source', ...defaultClientConditions] },
        test: {
          name: 'ui',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['packages/ui/src/test-setup.ts', SHARED_WORKER_SETUP],
          // User-event journeys over big pages, in a shared worker beside another: 5 s is not always enough.
          testTimeout: 30_000,
          css: false,
        },
      },
    ],
  },
});
