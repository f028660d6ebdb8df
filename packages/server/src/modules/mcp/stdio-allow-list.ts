import { isAbsolute } from 'node:path';
import type { McpStdioServer } from '@flowloom/engine';

const NAME = /^[A-Za-z0-9_.-]+$/;
const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

/**
 * `FLOWLOOM_MCP_STDIO_ALLOW`: the stdio MCP servers flows may start, as entries separated by `;` or
 * new lines, each `name=[VAR=value …] /absolute/program [argument …]` (words split on spaces; no
 * quoting). A Custom MCP node's config names an entry (`{"command": "name"}`); the program, its
 * arguments and its whole environment are the entry's. Throws on an entry that cannot work, so a
 * mistake stops the server at start rather than at the first run.
 */
export function parseStdioAllowList(value: string | undefined): McpStdioServer[] {
  const servers: McpStdioServer[] = [];
  for (const raw of (value ?? '').split(/[;\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const refuse = (why: string) => new Error(`FLOWLOOM_MCP_STDIO_ALLOW: entry "${entry}" ${why}`);
    const at = entry.indexOf('=');
    const name = entry.slice(0, Math.max(at, 0)).trim();
    if (at <= 0 || !NAME.test(name))
      throw refuse(
        'must start with a name (letters, digits, "_", "-", ".") and "=", e.g. "files=/usr/bin/mcp-files"',
      );
    if (servers.some((s) => s.name === name)) throw refuse(`repeats the name "${name}"`);
    const words = entry
      .slice(at + 1)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    const env: Record<string, string> = {};
    let assignment: RegExpExecArray | null;
    while (words.length > 0 && (assignment = ENV_ASSIGNMENT.exec(words[0]!)) !== null) {
      env[assignment[1]!] = assignment[2]!;
      words.shift();
    }
    const [command, ...args] = words;
    if (!command) throw refuse('names no program');
    if (!isAbsolute(command))
      throw refuse(`must give the program as an absolute path, not "${command}" (it starts with no PATH)`);
    servers.push({ name, command, args, env });
  }
  return servers;
}
