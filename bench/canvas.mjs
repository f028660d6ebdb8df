// Canvas figures (issue 4: "it stays smooth with 300 nodes"): a chatflow of 300 nodes (the Flowise
// LLM Chain template 75 times over, edges and all) opened on /canvas/:id in Debian's Chromium, then
// panned, zoomed and a node dragged while every animation frame is timed in the page.
/* global window, document, requestAnimationFrame */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARGS, chromium, CHROMIUM, OWNER, signedInState } from './browser.mjs';
import { fmt, json, ROOT, startServer } from './lib.mjs';

const COPIES = 75;
const COLUMNS = 10;

/** The template's nodes and edges `copies` times, each copy's ids renumbered and laid out on a grid. */
export function repeatedFlow(template, copies) {
  const text = JSON.stringify({ nodes: template.nodes, edges: template.edges });
  const ids = template.nodes.map((node) => node.id);
  const nodes = [];
  const edges = [];
  for (let copy = 0; copy < copies; copy++) {
    // Ids are `<name>_0` in the template: each copy uses its own index, in handles and references too.
    let renamed = text;
    for (const id of ids) renamed = renamed.replaceAll(id, id.replace(/_0$/, `_${copy}`));
    const part = JSON.parse(renamed);
    const dx = (copy % COLUMNS) * 1400;
    const dy = Math.floor(copy / COLUMNS) * 900;
    for (const node of part.nodes) {
      node.position = { x: node.position.x + dx, y: node.position.y + dy };
      if (node.positionAbsolute) node.positionAbsolute = { ...node.position };
      nodes.push(node);
    }
    edges.push(...part.edges);
  }
  return { nodes, edges };
}

/** Starts timing animation frames in the page. */
function startFrames() {
  window.__frames = [];
  window.__timing = true;
  // performance.now(), not the callback's argument: that one is the frame's planned start, which
  // headless Chromium rounds to the 60 Hz grid.
  const tick = () => {
    window.__frames.push(performance.now());
    if (window.__timing) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Stops timing and answers the intervals between frames (ms). */
function stopFrames() {
  window.__timing = false;
  const frames = window.__frames;
  return frames.slice(1).map((time, index) => time - frames[index]);
}

function summary(intervals) {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const total = intervals.reduce((sum, ms) => sum + ms, 0);
  return {
    frames: intervals.length,
    fps: (intervals.length * 1000) / total,
    p50: at(0.5),
    p95: at(0.95),
    long: intervals.filter((ms) => ms > 50).length,
  };
}

async function timed(page, gesture) {
  await page.evaluate(startFrames);
  await gesture();
  await page.waitForTimeout(100); // the frames the last input caused
  return summary(await page.evaluate(stopFrames));
}

export async function canvas(report) {
  if (!existsSync(CHROMIUM)) {
    report('canvas figures', 'skipped', `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  const template = JSON.parse(
    readFileSync(join(ROOT, '../shared/compat/flowise/chatflows/LLM Chain.json'), 'utf8'),
  );
  const flow = repeatedFlow(template, COPIES);
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    await json(server.base, 'POST', '/api/v1/account/register', { user: OWNER });
    const state = await signedInState(browser, server.base);
    const context = await browser.newContext({ storageState: state, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const created = await page.request.post(`${server.base}/api/v1/chatflows`, {
      headers: { 'x-request-from': 'internal' },
      data: { name: '300 nodes', type: 'CHATFLOW', flowData: JSON.stringify(flow) },
    });
    if (!created.ok()) throw new Error(`creating the flow: ${created.status()} ${await created.text()}`);
    const { id } = await created.json();

    const started = Date.now();
    await page.goto(`${server.base}/canvas/${id}`);
    await page.waitForFunction(
      (count) => document.querySelectorAll('.react-flow__node').length >= count,
      flow.nodes.length,
      { timeout: 60_000 },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    const openMs = Date.now() - started;
    report(
      `canvas: open a ${flow.nodes.length}-node chatflow, ${flow.edges.length} edges (navigation to all nodes drawn)`,
      `${fmt(openMs, 0)} ms`,
      'whole flow in view (titles only at that zoom)',
    );

    const pane = page.locator('.react-flow__pane');
    const box = await pane.boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const describe = (s) =>
      `${fmt(s.fps, 0)} fps; p95 ${fmt(s.p95, 1)} ms, ${s.long} of ${s.frames} frames over 50 ms; smooth: 16.7 ms (60 fps)`;

    const panAll = await timed(page, async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx - 400, cy - 200, { steps: 60 });
      await page.mouse.up();
    });
    report(
      'canvas: pan with all 300 nodes in view, frame time p50',
      `${fmt(panAll.p50, 1)} ms`,
      describe(panAll),
    );

    const zoom = await timed(page, async () => {
      for (let step = 0; step < 20; step++) {
        await page.mouse.move(cx, cy);
        await page.mouse.wheel(0, -120);
      }
    });
    report('canvas: zoom in step by step, frame time p50', `${fmt(zoom.p50, 1)} ms`, describe(zoom));

    const panNear = await timed(page, async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 500, cy + 300, { steps: 60 });
      await page.mouse.up();
    });
    report(
      'canvas: pan zoomed in (full cards), frame time p50',
      `${fmt(panNear.p50, 1)} ms`,
      describe(panNear),
    );

    const node = page.locator('.react-flow__node').filter({ visible: true }).first();
    const nodeBox = await node.boundingBox();
    const drag = await timed(page, async () => {
      await page.mouse.move(nodeBox.x + nodeBox.width / 2, nodeBox.y + 12);
      await page.mouse.down();
      await page.mouse.move(nodeBox.x + nodeBox.width / 2 + 300, nodeBox.y + 160, { steps: 60 });
      await page.mouse.up();
    });
    report('canvas: drag a node among 300, frame time p50', `${fmt(drag.p50, 1)} ms`, describe(drag));
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
