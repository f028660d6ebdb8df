// Type-aware lint for the whole monorepo. Layering rules keep dependencies pointing one way:
// shared ← engine ← nodes ← server, shared ← ui (see ../shared/STYLE.md).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const layering = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...forbidden.map((name) => ({
          group: [name, `${name}/*`],
          message: 'This import breaks package layering.',
        })),
        { group: ['@flowloom/*/src/*'], message: 'Import a package through its public entry only.' },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'bench/*.mjs',
            'packages/*/*.mjs',
            'packages/*/bin/*.js',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // Tests read JSON answers (typed any) and assert on them; the unsafe-any rules only add noise there.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['packages/shared/src/**'],
    rules: layering([
      '@flowloom/engine',
      '@flowloom/nodes',
      '@flowloom/server',
      '@flowloom/ui',
      'react',
      'fastify',
      'kysely',
    ]),
  },
  {
    files: ['packages/engine/src/**'],
    rules: layering([
      '@flowloom/nodes',
      '@flowloom/server',
      '@flowloom/ui',
      'fastify',
      'kysely',
      'pg',
      'better-sqlite3',
      'react',
    ]),
  },
  {
    files: ['packages/nodes/src/**'],
    rules: layering([
      '@flowloom/server',
      '@flowloom/ui',
      'fastify',
      'kysely',
      'pg',
      'better-sqlite3',
      'react',
    ]),
  },
  { files: ['packages/server/src/**'], rules: layering(['@flowloom/ui', 'react']) },
  {
    files: ['packages/ui/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: layering(['@flowloom/engine', '@flowloom/nodes', '@flowloom/server', 'fastify', 'kysely']),
  },
);
