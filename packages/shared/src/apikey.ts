import { z } from 'zod';
import { nameText } from './rules/text.js';
import { isPermission, type Permission } from './permissions.js';

/**
 * An API key on the wire. `apiKey` is the full secret only in the response that created it;
 * every later read shows a masked preview (the server stores only a hash).
 */
export interface ApiKey {
  id: string;
  keyName: string;
  apiKey: string;
  permissions: Permission[];
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
  chatFlows: { flowName: string; category: string | null; updatedDate: string }[];
}

const permissionList = z
  .array(z.string())
  .refine((list) => list.every(isPermission), { message: 'permissions contains an unknown permission' })
  .transform((list) => [...new Set(list)] as Permission[]);

export const createApiKeyBody = z.object({
  keyName: nameText('Key name'),
  permissions: permissionList.default([]),
});
export const updateApiKeyBody = z.object({
  keyName: nameText('Key name').optional(),
  permissions: permissionList.optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;
export type UpdateApiKeyBody = z.infer<typeof updateApiKeyBody>;
