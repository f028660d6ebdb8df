import { z } from 'zod';
import { nameText } from './rules/text.js';

/**
 * Placeholder sent instead of a stored secret value. A PUT that sends it back keeps the stored value.
 * Same sentinel as Flowise so its clients keep working.
 */
export const REDACTED_SECRET = '_FLOWISE_BLANK_07167752-1a71-43b1-bf8f-4f32252165db';

/** A credential on the wire: never carries the encrypted blob. */
export interface Credential {
  id: string;
  name: string;
  credentialName: string;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
  /** Only on `GET /credentials/:id`: fields with secrets replaced by {@link REDACTED_SECRET}. */
  plainDataObj?: Record<string, unknown>;
}

const plainData = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]), {
  message: 'plainDataObj must be an object of field values',
});

export const createCredentialBody = z.object({
  name: nameText('Credential name'),
  credentialName: z.string().trim().min(1, 'credentialName is required').max(255),
  plainDataObj: plainData.default({}),
});
export const updateCredentialBody = z.object({
  name: nameText('Credential name').optional(),
  credentialName: z.string().trim().min(1).max(255).optional(),
  plainDataObj: plainData.optional(),
});
export type CreateCredentialBody = z.infer<typeof createCredentialBody>;
export type UpdateCredentialBody = z.infer<typeof updateCredentialBody>;
