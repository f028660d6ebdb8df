// Development: the API from TypeScript sources with reload (tsx watch) on :3000, and the Vite dev server
// on :8080 proxying /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    'npx',
    ['tsx', 'watch', '--conditions=@flowloom/source', 'packages/server/src/flowloom.ts', 'start'],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: process.env.PORT ?? '3000',
        FLOWLOOM_UI_DIR: process.env.FLOWLOOM_UI_DIR ?? 'packages/ui/dist',
      },
    },
  ),
  spawn('npm', ['run', 'dev', '-w', 'packages/ui'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
