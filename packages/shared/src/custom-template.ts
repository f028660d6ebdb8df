import { z } from 'zod';
import { nameText } from './rules/text.js';

export const CUSTOM_TEMPLATE_TYPES = ['Chatflow', 'Agentflow', 'AgentflowV2', 'Tool'] as const;

export interface CustomTemplate {
  id: string;
  name: string;
  flowData: string;
  description: string | null;
  badge: string | null;
  framework: string | null;
  usecases: string | null;
  type: string | null;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

const textList = z
  .union([z.string(), z.array(z.string())])
  .nullable()
  .transform((v) => (v === null || typeof v === 'string' ? v : JSON.stringify(v)));

/**
 * `POST /marketplaces/custom`. Either `flowData` (flow templates) or a tool (`tool` object, stored
 * as `flowData = {iconSrc, schema, func}` like Flowise does).
 */
export const createCustomTemplateBody = z
  .object({
    name: nameText('Template name'),
    flowData: z.string().optional(),
    description: z.string().max(4000).nullable().optional(),
    badge: z.string().max(64).nullable().optional(),
    framework: textList.optional(),
    usecases: textList.optional(),
    type: z
      .enum(CUSTOM_TEMPLATE_TYPES, { message: 'type must be Chatflow, Agentflow, AgentflowV2 or Tool' })
      .optional(),
    tool: z
      .object({
        iconSrc: z.string().nullable().optional(),
        schema: z.string().nullable().optional(),
        func: z.string().nullable().optional(),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'Tool' || body.tool) return;
    if (!body.flowData) {
      ctx.addIssue({ code: 'custom', path: ['flowData'], message: 'flowData is required' });
      return;
    }
    try {
      const parsed = JSON.parse(body.flowData) as { nodes?: unknown; edges?: unknown };
      if (!Array.isArray(parsed.nodes) || !Array.isArray(parsed.edges)) throw new Error();
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['flowData'],
        message: 'flowData must be an object with "nodes" and "edges" arrays',
      });
    }
  });
export type CreateCustomTemplateBody = z.infer<typeof createCustomTemplateBody>;
