#!/usr/bin/env node
// Standalone: `flowloom-test-llm [--port N]` (used by `npm run bench`). Prints the URL, runs until killed.
import { parseArgs } from 'node:util';
import { startTestLlmServer } from './server.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, record: { type: 'boolean' } } });
const server = await startTestLlmServer({
  port: values.port ? Number(values.port) : 0,
  record: values.record ?? false,
});
console.log(server.url);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
