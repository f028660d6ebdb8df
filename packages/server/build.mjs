// Bundles the server and the workspace packages it uses (compiled from their TypeScript sources) into
// dist/flowloom.js. Third-party packages stay in node_modules, so native addons keep working.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const thirdParty = new Set();
for (const pkg of ['.', '../shared', '../engine', '../nodes']) {
  const manifest = JSON.parse(readFileSync(new URL(`${pkg}/package.json`, import.meta.url), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {}))
    if (!name.startsWith('@flowloom/')) thirdParty.add(name);
}

await build({
  entryPoints: ['src/flowloom.ts'],
  outfile: 'dist/flowloom.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  external: [...thirdParty].flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
