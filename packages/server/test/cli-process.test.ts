import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_SOURCE = new URL('../src/flowloom.ts', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the flowloom start command', () => {
  it('serves pong, then finishes and exits cleanly on SIGTERM', async () => {
    const home = mkdtempSync(join(tmpdir(), 'flowloom-cli-'));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@flowloom/source', SERVER_SOURCE, 'start'],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          FLOWLOOM_HOME: home,
          LOG_LEVEL: 'info',
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let pong = '';
      for (let i = 0; i < 200 && pong !== 'pong'; i++) {
        pong = await fetch(`http://127.0.0.1:${port}/api/v1/ping`).then(
          (r) => r.text(),
          () => '',
        );
        if (pong !== 'pong') await new Promise((r) => setTimeout(r, 50));
      }
      expect(pong).toBe('pong');
      expect(output).toMatch(/is ready on http:\/\/127\.0\.0\.1:\d+/);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(/SIGTERM received/);
    } finally {
      child.kill('SIGKILL');
      rmSync(home, { recursive: true, force: true });
    }
  });
});
