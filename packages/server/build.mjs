// Bundles the server, the workspace packages (from their TypeScript sources) and its pure-JS
// dependencies into dist/flowloom.js: one file to load makes start-up several times faster than
// resolving hundreds of modules. What is loaded on first use (the model provider packages) goes to
// chunks beside it, so start-up does not parse it. The code is minified except for its names (stack
// traces stay readable): parsing a smaller file is most of a faster start. Native addons and rarely
// used drivers stay in node_modules and load on demand.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  'better-sqlite3', // native addon
  'sqlite-vec', // finds its native extension beside its own package
  'pg', // loaded only for PostgreSQL
  'pg-native',
  'nodemailer', // loaded on the first e-mail
];

rmSync('dist', { recursive: true, force: true }); // no chunk of an earlier build stays behind

await build({
  // The code sandbox's worker thread is an entry of its own; the sandbox looks for it beside the
  // module that starts it, which the bundle places in dist/flowloom.js.
  entryPoints: { flowloom: 'src/flowloom.ts', 'sandbox-worker': '../nodes/src/sandbox/sandbox-worker.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
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
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
