// `npm run bench`: prints the performance figures the issues ask for. Never fails on a timing.
import { agentflow } from './agentflow.mjs';
import { agentGraph } from './agent-graph.mjs';
import { canvas } from './canvas.mjs';
import { exportImport } from './export-import.mjs';
import { foundation } from './foundation.mjs';
import { prediction } from './prediction.mjs';
import { rag } from './rag.mjs';
import { sandbox } from './sandbox.mjs';
import { ui } from './ui.mjs';

const rows = [];
function report(what, value, note = '') {
  rows.push({ what, value, note });
  console.log(`${what.padEnd(78)} ${String(value).padStart(12)}   ${note}`);
}

console.log(`Flowloom benchmarks — node ${process.version}, ${new Date().toISOString()}\n`);
await foundation(report);
await ui(report);
await canvas(report);
await prediction(report);
await agentflow(report);
await agentGraph(report);
await sandbox(report);
await rag(report);
await exportImport(report);
