// Browser tests: Playwright drives Debian's Chromium (never a downloaded browser) against the built app
// served by the real server. Needs `npm run build` first (CI does it; locally `npm start` does too).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH as chromium } from './chromium.mjs';

if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (!existsSync('packages/server/dist/flowloom.js') || !existsSync('packages/ui/dist/index.html')) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(result.status ?? 1);
