import { z } from 'zod';

/**
 * A flow served as an MCP server (`/api/v1/mcp-server/:id`, Flowise's shape). `token` is the bearer
 * token in full only in the answers that make one (enabling, rotating); every other answer shows a
 * masked preview, since the server keeps only a hash. `''` when the flow was never served.
 */
export interface McpServerConfig {
  enabled: boolean;
  token: string;
  toolName: string;
  description: string;
}

/** Longest tool name (Flowise's rule; MCP clients and model providers accept it). */
export const MCP_TOOL_NAME_MAX = 64;
const MCP_TOOL_NAME = /^[A-Za-z0-9_-]+$/;
/** Longest tool description kept. */
export const MCP_DESCRIPTION_MAX = 4000;

/** Why a tool name is refused, in the words the MCP Server section shows; undefined when it is fine. */
export function mcpToolNameProblem(name: string): string | undefined {
  if (!name) return 'Tool name is required';
  if (name.length > MCP_TOOL_NAME_MAX) return `Tool name must be ${MCP_TOOL_NAME_MAX} characters or less`;
  if (!MCP_TOOL_NAME.test(name)) return 'Only letters, numbers, underscores, and hyphens allowed';
  return undefined;
}

const toolName = z.string({ message: 'toolName is required' }).superRefine((name, ctx) => {
  const problem = mcpToolNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const description = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(MCP_DESCRIPTION_MAX, `description must be ${MCP_DESCRIPTION_MAX} characters or less`);

/** `POST /mcp-server/:id`: serve the flow (a new token is made). */
export const createMcpServerBody = z.object({
  toolName,
  description: description('description is required'),
});
/** `PUT /mcp-server/:id`: change the tool's name or description, or switch serving on or off. */
export const updateMcpServerBody = z.object({
  toolName: toolName.optional(),
  description: description('description cannot be empty').optional(),
  enabled: z.boolean({ message: 'enabled must be true or false' }).optional(),
});
export type CreateMcpServerBody = z.infer<typeof createMcpServerBody>;
export type UpdateMcpServerBody = z.infer<typeof updateMcpServerBody>;
