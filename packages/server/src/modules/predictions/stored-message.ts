import type { PredictionBody } from '@flowloom/shared';

/** A message column holding JSON: null for nothing (absent, null or an empty list). */
export function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0)
    ? null
    : JSON.stringify(value);
}

/**
 * The `fileUploads` column of the question's message: what was attached, without the data (an
 * image's base64 is not kept with the chat), typed as Flowise stores it.
 */
export function storedUploads(body: PredictionBody): string | null {
  return jsonOrNull(
    (body.uploads ?? []).map(({ data: _data, ...rest }) => ({
      ...rest,
      type: rest.type === 'file:full' ? 'stored-file:full' : rest.type === 'url' ? 'url' : 'stored-file',
    })),
  );
}
