import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpStdioServer } from '@flowloom/engine';
import type { McpSdk } from './mcp-sdk.js';

/** Largest message a stdio server may send before it is cut off (garbage without newlines, say). */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** How long a server gets to exit after SIGTERM before it is killed. */
const EXIT_GRACE_MS = 2_000;

/**
 * MCP over a child process's stdin/stdout, started exactly as the operator's entry says: no shell,
 * the entry's arguments, and the entry's environment only. (The SDK's own stdio transport passes
 * the server's PATH, HOME and the like on to the child; this one passes nothing.)
 */
export class OperatorStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcessByStdio<Writable, Readable, null> | undefined;
  private readonly buffer: ReadBuffer;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: McpStdioServer,
    private readonly sdk: Pick<McpSdk, 'ReadBuffer' | 'serializeMessage'>,
  ) {
    this.buffer = new sdk.ReadBuffer({ maxBufferSize: MAX_MESSAGE_BYTES });
  }

  start(): Promise<void> {
    if (this.child) throw new Error('This stdio transport is already started');
    const { name, command, args, env } = this.server;
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...args], {
        env: { ...env },
        stdio: ['pipe', 'pipe', 'ignore'],
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise((done) => child.once('close', () => done()));
      child.once('error', (error) => {
        const failure = new Error(`Could not start stdio MCP server "${name}": ${error.message}`);
        reject(failure);
        this.onerror?.(failure);
      });
      child.once('spawn', () => resolve());
      child.once('close', () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
        } catch (error) {
          this.onerror?.(error as Error);
          void this.close();
          return;
        }
        this.drain();
      });
    });
  }

  private drain() {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        // The bad line is consumed: report it and read on.
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin) return Promise.reject(new Error(`Stdio MCP server "${this.server.name}" is not running`));
    return new Promise((resolve, reject) => {
      stdin.write(this.sdk.serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends the process: SIGTERM, then SIGKILL if it is still there after a grace period. */
  async close(): Promise<void> {
    const child = this.child;
    this.buffer.clear();
    if (!child) return;
    child.stdin.end();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
    timer.unref();
    await this.exited;
    clearTimeout(timer);
  }
}
