import type { UploadsConfig } from '@flowloom/shared';

/** Image types and size the chat window accepts when a model of the flow takes images (Flowise's). */
export const IMAGE_UPLOADS = {
  fileTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/webp'],
  maxUploadSize: 5,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a visitor may attach in the chat (`GET /chatflows-uploads/:id`): images when a chat model of the
 * flow has "Allow Image Uploads" on. Speech-to-text and RAG file uploads need server features Flowloom
 * does not have yet, so they are never offered.
 */
export function uploadsConfig(nodes: readonly unknown[]): UploadsConfig {
  const isImageUploadAllowed = nodes.some((node) => {
    const data = isRecord(node) && isRecord(node.data) ? node.data : undefined;
    if (!data || data.category !== 'Chat Models' || !isRecord(data.inputs)) return false;
    const allow = data.inputs.allowImageUploads;
    return allow === true || allow === 'true';
  });
  return {
    isSpeechToTextEnabled: false,
    isImageUploadAllowed,
    isRAGFileUploadAllowed: false,
    imgUploadSizeAndTypes: isImageUploadAllowed
      ? [{ ...IMAGE_UPLOADS, fileTypes: [...IMAGE_UPLOADS.fileTypes] }]
      : [],
    fileUploadSizeAndTypes: [],
  };
}
