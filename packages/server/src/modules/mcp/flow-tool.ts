import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { PREDICTION_LIMITS, predictionBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { timeOrderedId } from '../../ids.js';
import type { Logger } from '../../runtime.js';
import { VERSION } from '../../version.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { Caller, PredictionService } from '../predictions/prediction.service.js';
import type { ServedFlow } from './mcp-server.service.js';

export interface FlowToolDeps {
  predictions: Pick<PredictionService, 'load' | 'predict'>;
  flowData(id: string): Promise<string | undefined>;
  logger: Logger;
}

interface FormField {
  type?: unknown;
  label?: unknown;
  name?: unknown;
  addOptions?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The fields of an agentflow whose Start node takes a form, or undefined for one that takes a question. */
function formFields(flowData: string | undefined): FormField[] | undefined {
  if (!flowData) return undefined;
  try {
    const flow = JSON.parse(flowData) as {
      nodes?: { data?: { name?: string; inputs?: Record<string, unknown> } }[];
    };
    const start = flow.nodes?.find((n) => n.data?.name === 'startAgentflow')?.data?.inputs;
    if (start?.startInputType !== 'formInput') return undefined;
    return Array.isArray(start.formInputTypes) ? (start.formInputTypes as FormField[]) : [];
  } catch {
    return undefined;
  }
}

/** The zod shape of a Start form: one field per row, typed as the row says. */
function formShape(fields: FormField[]): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const name = text(field.name);
    if (!name) continue;
    const label = text(field.label) || name;
    const options = Array.isArray(field.addOptions)
      ? (field.addOptions as { option?: unknown }[]).map((o) => text(o?.option)).filter(Boolean)
      : [];
    switch (field.type) {
      case 'number':
        shape[name] = z.number().describe(label);
        break;
      case 'boolean':
        shape[name] = z.boolean().describe(label);
        break;
      case 'options':
        shape[name] =
          options.length > 0
            ? z.enum(options as [string, ...string[]]).describe(label)
            : z.string().describe(label);
        break;
      default:
        shape[name] = z.string().describe(label);
    }
  }
  return shape;
}

/**
 * Who runs the flow: the MCP token is the flow's own credential, so a flow bound to an API key runs
 * without it, as Flowise's MCP endpoint does. The run is an in-workspace one, with no one's rights;
 * its messages are filed under the `MCP` source (Flowise's chat type).
 */
function mcpCaller(workspaceId: string): Caller {
  const ctx: AuthContext = {
    kind: 'apiKey',
    userId: null,
    sessionId: null,
    apiKeyId: null,
    workspaceId,
    organizationId: '',
    permissions: new Set(),
    isOrganizationAdmin: false,
  };
  return { kind: 'internal', ctx, chatType: 'MCP' };
}

/** The answer of a run as the tool's text: its text, else its JSON. */
function answerText(result: Record<string, unknown>): string {
  if (typeof result.text === 'string' && result.text !== '') return result.text;
  if (result.json !== undefined) return JSON.stringify(result.json);
  return typeof result.text === 'string' ? result.text : JSON.stringify(result);
}

/**
 * An MCP server (for one HTTP request: the endpoint is stateless) offering the flow as one tool whose
 * call runs a prediction of it, with its own chat. A flow whose Start node takes a form takes `form`,
 * any other `question`.
 */
export async function flowMcpServer(served: ServedFlow, deps: FlowToolDeps): Promise<McpServer> {
  const { flow, toolName, description } = served;
  const fields = flow.type === 'AGENTFLOW' ? formFields(await deps.flowData(flow.id)) : undefined;
  const inputSchema: z.ZodRawShape = fields
    ? { form: z.object(formShape(fields)).describe('The fields of the form the flow starts with') }
    : {
        question: z
          .string()
          .max(PREDICTION_LIMITS.questionChars)
          .describe('The question or prompt to send to the flow'),
      };
  // The SDK's server side loads on the first MCP request, not at start-up (like the model providers).
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer(
    { name: `flowloom-${toolName}`, version: VERSION },
    { capabilities: { tools: {} } },
  );
  server.registerTool(
    toolName,
    { description: description || `Runs the "${flow.name}" flow`, inputSchema },
    async (args: { question?: string; form?: Record<string, unknown> }, extra) => {
      try {
        const parsed = predictionBody.safeParse(
          fields
            ? { form: args.form ?? {}, chatId: timeOrderedId() }
            : { question: args.question ?? '', chatId: timeOrderedId() },
        );
        if (!parsed.success)
          throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid input');
        const row = await deps.predictions.load(flow.id);
        const result = await deps.predictions.predict(
          row,
          parsed.data,
          mcpCaller(flow.workspaceId),
          undefined,
          extra.signal,
        );
        return { content: [{ type: 'text' as const, text: answerText(result) }] };
      } catch (error) {
        // Our errors are written for the caller; anything else stays in the log.
        if (!(error instanceof AppError))
          deps.logger.error({ err: error, flowId: flow.id }, 'MCP tool call of a flow failed');
        const message =
          error instanceof AppError ? error.message : 'The flow failed to answer; see the server log';
        return { content: [{ type: 'text' as const, text: message }], isError: true };
      }
    },
  );
  return server;
}
