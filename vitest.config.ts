import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

// Workspace packages resolve to their TypeScript sources through the "@flowloom/source" export condition,
// so tests never need a build first. Dependencies resolve as Node resolves them: without Vite's
// "module" condition, which picks bundler-only builds (the AWS SDK's dist-es imports files without
// extensions, which Node cannot load).
const serverConditions = ['@flowloom/source', ...defaultServerConditions.filter((c) => c !== 'module')];
const nodeProject = (name: string) => ({
  resolve: { conditions: serverConditions },
  ssr: { resolve: { conditions: serverConditions } },
  test: {
    name,
    include: [`packages/${name}/src/**/*.test.ts`, `packages/${name}/test/**/*.test.ts`],
    environment: 'node' as const,
  },
});

export default defineConfig({
  test: {
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
          setupFiles: ['packages/ui/src/test-setup.ts'],
          css: false,
        },
      },
    ],
  },
});
