// Bundles the server, the workspace packages (from their TypeScript sources) and its pure-JS
// dependencies into dist/flowloom.js: one file to load makes start-up several times faster than
// resolving hundreds of modules. Native addons and rarely used drivers stay in node_modules and load
// on demand.
import { build } from 'esbuild';

const EXTERNAL = [
  'better-sqlite3', // native addon
  'pg', // loaded only for PostgreSQL
  'pg-native',
  'nodemailer', // loaded on the first e-mail
];

await build({
  entryPoints: ['src/flowloom.ts'],
  outfile: 'dist/flowloom.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@flowloom/source'],
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // CommonJS dependencies inside an ES module bundle still call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __flowloomCreateRequire } from 'node:module'; const require = __flowloomCreateRequire(import.meta.url);",
  },
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
