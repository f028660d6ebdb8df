// Agent graph figures (issue 14): server overhead per step of Sequential Agents and supervisor teams
// with an instant model, and heap across 5,000 runs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt } from './lib.mjs';

export async function agentGraph(report) {
  const script = fileURLToPath(new URL('./agent-graph-executor.mjs', import.meta.url));
  const child = spawnSync(process.execPath, ['--expose-gc', script, '1000'], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`agent graph benchmark failed: ${child.stderr}`);
  const { sequential, team } = JSON.parse(child.stdout.trim().split('\n').at(-1));
  for (const [what, result] of [
    [`sequential agents: ${sequential.steps}-step LLM chain, instant model`, sequential],
    ['supervisor team: 3 workers (7 steps a run), instant model', team],
  ]) {
    report(
      `${what} (${result.runs} runs)`,
      `${fmt(result.msPerStep, 3)} ms/step`,
      `target < 0.5 ms; CPU ${fmt(result.cpuMsPerStep, 3)} ms/step`,
    );
    report(
      `${what.split(':')[0]}: heap after GC at 0 / 2,500 / 5,000 runs`,
      `${result.heap.map((h) => fmt(h)).join(' / ')} MB`,
      'target: flat',
    );
  }
  return Promise.resolve();
}
