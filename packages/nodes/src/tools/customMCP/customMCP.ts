import type { JSONSchema7 } from 'ai';
import type { ContentBlock, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import {
  resolveValue,
  type GuardedFetch,
  type LoadMethodServices,
  type NodeContext,
  type NodeType,
} from '@flowloom/engine';
import type { ParamOption } from '@flowloom/shared';
import { multiOptionsInput, numberInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { MAX_RESPONSE_CHARS } from '../http-tools.js';
import type { ToolHandle } from '../tool.js';
import { parseMcpConfig, type McpTarget } from './mcp-config.js';
import { listServerTools, withMcpClient } from './mcp-session.js';

/** How long the server gets to answer (connecting included) when the node sets no Timeout. */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
const MAX_MCP_TIMEOUT_MS = 10 * 60_000;
/** Longest tool description handed to the model (a server's description is its own text). */
const MAX_DESCRIPTION_CHARS = 1024;

const PLACEHOLDER = `{
  "url": "https://mcp.example.com/mcp",
  "headers": { "Authorization": "Bearer {{$vars.mcpToken}}" }
}`;

const HOW_TO_USE = `Give the address of a remote MCP server in \`url\`: Flowloom speaks Streamable HTTP to it, and SSE to servers that only have that. Optional \`headers\` go with every request. Variables work with double curly braces, e.g. \`{{$vars.mcpToken}}\`.

\`\`\`json
{
  "url": "https://mcp.example.com/mcp",
  "headers": { "Authorization": "Bearer {{$vars.mcpToken}}" }
}
\`\`\`

Local (stdio) servers run only when the operator lists them in FLOWLOOM_MCP_STDIO_ALLOW; the flow then names one, and its program, arguments and environment are the operator's:

\`\`\`json
{ "command": "filesystem" }
\`\`\``;

export function timeoutOf(value: unknown): number {
  const ms = numberInput(value);
  if (ms === undefined) return DEFAULT_MCP_TIMEOUT_MS;
  if (ms <= 0) throw new Error('Timeout must be a positive number of milliseconds');
  return Math.min(ms, MAX_MCP_TIMEOUT_MS);
}

/** A tool name the model providers accept: letters, digits, `_` and `-`, at most 64 characters. */
function modelToolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'mcp_tool';
}

/** The server's description without control characters or hidden (zero-width, bidi) ones, cut short. */
export function cleanDescription(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/[\u200B-\u200D\u2028\u2029\u202A-\u202E\u2060\uFEFF]/g, '')
      .slice(0, MAX_DESCRIPTION_CHARS)
  );
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
    case 'resource':
      return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
    case 'resource_link':
      return `[resource ${block.uri}${block.description ? `: ${block.description}` : ''}]`;
    default:
      return JSON.stringify(block);
  }
}

/** A tool call's answer as text for the model, cut at {@link MAX_RESPONSE_CHARS}. */
export function callResultText(result: Record<string, unknown>): string {
  let text: string;
  if (Array.isArray(result.content) && result.content.length > 0)
    text = (result.content as ContentBlock[]).map(blockText).join('\n');
  else if (result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  else if (result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  else text = '';
  return text.length > MAX_RESPONSE_CHARS
    ? `${text.slice(0, MAX_RESPONSE_CHARS)}\n[cut: the answer was ${text.length} characters long]`
    : text;
}

/** Runs an exchange against the server's target: the fixed one, or one whose token may be renewed. */
export type McpTargetUse = <T>(run: (target: McpTarget) => Promise<T>) => Promise<T>;

export interface McpToolSettings {
  target: McpTarget | McpTargetUse;
  http: GuardedFetch;
  timeoutMs: number;
  /** How the node is named in messages: `Custom MCP (customMCP_0)`. */
  nodeName: string;
}

/** One tool of an MCP server for the model: each call opens its own connection and closes it. */
export function mcpToolHandle(tool: McpTool, name: string, settings: McpToolSettings): ToolHandle {
  const { target, http, timeoutMs, nodeName } = settings;
  const use: McpTargetUse = typeof target === 'function' ? target : (run) => run(target);
  return {
    kind: 'tool',
    name,
    description: cleanDescription(tool.description || tool.title || tool.name),
    inputSchema: { ...(tool.inputSchema as JSONSchema7), type: 'object' },
    async invoke(args, { signal }) {
      let outcome: { text: string; failed: boolean };
      try {
        outcome = await use((current) =>
          withMcpClient(
            current,
            { http, timeoutMs, signal },
            `the call of "${tool.name}"`,
            async (client, request) => {
              const result = await client.callTool({ name: tool.name, arguments: args }, undefined, request);
              return { text: callResultText(result), failed: result.isError === true };
            },
          ),
        );
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(`${nodeName}: ${(error as Error).message}`, { cause: error });
      }
      if (outcome.failed)
        throw new Error(`${nodeName}: tool "${tool.name}" failed: ${outcome.text || 'no details given'}`);
      return outcome.text;
    },
  };
}

/** Model-facing names for the server's tools, made distinct when cleaning them made two alike. */
export function namesFor(tools: readonly McpTool[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const tool of tools) {
    let name = modelToolName(tool.name);
    for (let i = 2; taken.has(name); i++) name = `${modelToolName(tool.name).slice(0, 60)}_${i}`;
    taken.add(name);
    names.set(tool.name, name);
  }
  return names;
}

async function buildTools(ctx: NodeContext): Promise<ToolHandle[]> {
  const { services, signal } = ctx.run;
  const target = parseMcpConfig(ctx.inputs.mcpServerConfig, services.mcpStdioServers);
  const chosen = multiOptionsInput(ctx.inputs.mcpActions);
  if (chosen.length === 0)
    throw new Error('No actions are chosen: pick the tools to offer in "Available Actions"');
  const timeoutMs = timeoutOf(ctx.inputs.timeout);
  const tools = await listServerTools(target, { http: services.http, timeoutMs, signal });
  const offered = new Set(tools.map((t) => t.name));
  const missing = chosen.filter((name) => !offered.has(name));
  if (missing.length > 0)
    throw new Error(
      `The MCP server has no tool ${missing.map((n) => `"${n}"`).join(', ')} (it offers: ${[...offered].join(', ') || 'none'})`,
    );
  const names = namesFor(tools);
  const settings: McpToolSettings = {
    target,
    http: services.http,
    timeoutMs,
    nodeName: `${ctx.node.label} (${ctx.node.id})`,
  };
  return tools
    .filter((t) => chosen.includes(t.name))
    .map((t) => mcpToolHandle(t, names.get(t.name)!, settings));
}

const READS_VARIABLES = /\{\{\s*\$vars\./;

/**
 * The config with its `{{$vars.x}}` filled in from the workspace's variables, as a run fills them
 * (runtime variables under the operator's policy; an unknown name stays as written), so the canvas
 * lists the actions of the server the run will reach.
 */
async function configWithVariables(value: unknown, services: LoadMethodServices): Promise<unknown> {
  if (typeof value !== 'string' || !READS_VARIABLES.test(value)) return value;
  if (!services.variables)
    throw new Error(
      'the MCP Server Config reads variables ({{$vars…}}), and your role may neither see variables nor edit flows',
    );
  const vars = await services.variables();
  const scope = { instances: new Map(), question: '', history: [], fileAttachment: '', vars, flow: {} };
  return resolveValue(value, scope, false);
}

/**
 * Custom MCP (Flowise `customMCP`): the tools of an MCP server, chosen in "Available Actions", for an
 * agent. Remote servers are reached through the run's guarded client; stdio servers only as the
 * operator allows them (FLOWLOOM_MCP_STDIO_ALLOW), never as the flow spells them.
 */
export const customMCP: NodeType = {
  icon: badgeIcon('MCP', '#1f2937'),
  definition: {
    label: 'Custom MCP',
    name: 'customMCP',
    version: 1.1,
    type: 'Custom MCP Tool',
    category: 'Tools (MCP)',
    baseClasses: ['Tool'],
    description: 'Custom MCP Config',
    inputs: [
      {
        label: 'MCP Server Config',
        name: 'mcpServerConfig',
        type: 'code',
        placeholder: PLACEHOLDER,
        hint: { label: 'How to use', value: HOW_TO_USE },
      },
      {
        label: 'Available Actions',
        name: 'mcpActions',
        type: 'asyncMultiOptions',
        loadMethod: 'listActions',
      },
      {
        label: 'Timeout (ms)',
        name: 'timeout',
        type: 'number',
        description:
          'How long the MCP server may take to connect and list its tools, and to answer each tool call',
        placeholder: String(DEFAULT_MCP_TIMEOUT_MS),
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: {
    /** The server's tools for "Available Actions"; a server that cannot be read says why in one option. */
    async listActions(ctx): Promise<ParamOption[]> {
      try {
        const { http } = ctx.services;
        if (!http) throw new Error('Outbound HTTP is not available while listing options');
        const config = await configWithVariables(ctx.inputs.mcpServerConfig, ctx.services);
        const target = parseMcpConfig(config, ctx.services.mcpStdioServers);
        const tools = await listServerTools(target, {
          http,
          timeoutMs: timeoutOf(ctx.inputs.timeout),
          signal: new AbortController().signal,
        });
        return tools
          .map((tool) => ({
            label: tool.name.toUpperCase(),
            name: tool.name,
            description: cleanDescription(tool.description || tool.name),
          }))
          .sort((a, b) => a.name.localeCompare(b.name));
      } catch (error) {
        return [
          {
            label: 'No Available Actions',
            name: 'error',
            description: `No actions could be listed: ${(error as Error).message}`,
          },
        ];
      }
    },
  },
  init: buildTools,
};
