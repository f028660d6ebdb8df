import { z } from 'zod';
import { flowDataString } from './chatflow.js';
import { unsafeNameReason } from './rules/text.js';

export const CUSTOM_TEMPLATE_TYPES = ['Chatflow', 'Agentflow', 'AgentflowV2', 'Tool'] as const;
export type TemplateType = (typeof CUSTOM_TEMPLATE_TYPES)[number];

/** A `custom_template` row as stored (usecases JSON text). */
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

/**
 * One element of `GET /marketplaces/templates` or `GET /marketplaces/custom` (SHARING.md §1.1, §1.2).
 * Flow templates carry `flowData`; tool templates carry the tool fields instead.
 */
export interface MarketplaceTemplate {
  id: string;
  /** Community templates: the file name. */
  templateName?: string;
  /** Custom templates: the name given when saving. */
  name?: string;
  flowData?: string;
  badge: string;
  framework: string[] | string;
  usecases: string[] | string;
  categories: string[];
  type: string;
  description: string;
  iconSrc?: string | null;
  schema?: string | null;
  func?: string | null;
  color?: string;
  workspaceId?: string;
  createdDate?: string;
  updatedDate?: string;
  shared?: boolean;
}

/** The tool of a tool template; `schema` is the JSON text `/tools` takes, or the dialog's rows. */
const templateTool = z.object({
  iconSrc: z.string().max(2000).nullable().optional(),
  schema: z
    .union([z.string().max(200_000), z.array(z.record(z.string(), z.unknown())).max(200)])
    .nullable()
    .optional(),
  func: z.string().max(200_000).nullable().optional(),
});

const usecase = z.string().trim().min(1).max(100);

/**
 * `POST /marketplaces/custom`: a flow (`chatflowId`, or `flowData`) or a tool (`tool`). A missing
 * name is answered by the service with Flowise's 412, so the schema lets it through.
 */
export const createCustomTemplateBody = z.object({
  name: z
    .string()
    .max(255, 'Template name must be at most 255 characters')
    .refine((name) => !unsafeNameReason(name), { message: 'Template name must be a single line of text' })
    .optional(),
  description: z.string().max(4000).nullable().optional(),
  badge: z.string().max(64).nullable().optional(),
  usecases: z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z
        .array(usecase, { message: 'usecases must be a list of texts' })
        .max(30, 'At most 30 use cases')
        .nullable(),
    )
    .optional(),
  type: z
    .enum(CUSTOM_TEMPLATE_TYPES, { message: 'type must be Chatflow, Agentflow, AgentflowV2 or Tool' })
    .optional(),
  chatflowId: z.string().min(1).max(100).optional(),
  flowData: flowDataString.optional(),
  tool: templateTool.optional(),
  /** Accepted for Flowise clients and ignored: Flowise saves it as "". */
  framework: z.unknown().optional(),
});
export type CreateCustomTemplateBody = z.infer<typeof createCustomTemplateBody>;

/** Which template type a flow of this chatflow type is saved as (SHARING.md §1.5). */
export function templateTypeOfFlow(flowType: string): TemplateType {
  if (flowType === 'AGENTFLOW') return 'AgentflowV2';
  if (flowType === 'MULTIAGENT') return 'Agentflow';
  return 'Chatflow';
}

/** Distinct `data.category` values of a flow's nodes, in first-seen order. */
export function templateCategories(flowData: string | undefined | null): string[] {
  if (!flowData) return [];
  try {
    const parsed = JSON.parse(flowData) as { nodes?: { data?: { category?: unknown } }[] };
    const seen = new Set<string>();
    for (const node of parsed.nodes ?? []) {
      const category = node?.data?.category;
      if (typeof category === 'string' && category) seen.add(category);
    }
    return [...seen];
  } catch {
    return [];
  }
}
