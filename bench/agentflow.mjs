// Agentflow figures (issue 5): executor overhead per node and memory across 10,000 runs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt } from './lib.mjs';

export async function agentflow(report) {
  const script = fileURLToPath(new URL('./agentflow-executor.mjs', import.meta.url));
  const child = spawnSync(process.execPath, ['--expose-gc', script, '2000'], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`executor benchmark failed: ${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1));
  report(
    `agentflow executor: ${result.nodes}-node linear flow, instant model (${result.runs} runs)`,
    `${fmt(result.msPerNode, 4)} ms/node`,
    `target < 0.3 ms; CPU ${fmt(result.cpuMsPerNode, 4)} ms/node`,
  );
  report(
    'agentflow executor: heap after GC at 0 / 5,000 / 10,000 runs',
    `${result.heap.map((h) => fmt(h)).join(' / ')} MB`,
    'target: flat',
  );
  return Promise.resolve();
}
