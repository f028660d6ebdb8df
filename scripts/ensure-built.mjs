// `npm start` on a fresh clone: build once when the server bundle or the web app is missing or older
// than any source file, then start. Later starts skip straight to the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outputs = ['packages/server/dist/flowloom.js', 'packages/ui/dist/index.html'].map((p) => join(root, p));

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = outputs.every((p) => existsSync(p));
const oldestOutput = built ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
const sources = Math.max(
  ...['shared', 'engine', 'nodes', 'server', 'ui'].map((p) => newestSource(join(root, 'packages', p))),
);

if (!built || sources > oldestOutput) {
  console.log(
    built
      ? 'Sources changed since the last build; rebuilding…'
      : 'First start: building the server and the web app…',
  );
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}
