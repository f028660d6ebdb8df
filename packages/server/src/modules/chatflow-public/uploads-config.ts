import type { UploadsConfig } from '@flowloom/shared';

/** Image types and size the chat window accepts when a model of the flow takes images (Flowise's). */
export const IMAGE_UPLOADS = {
  fileTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/webp'],
  maxUploadSize: 5,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isOn = (value: unknown) => value === true || value === 'true';

/** The model configs of an agentflow v2 node whose "Allow Image Uploads" lets images in. */
const V2_MODEL_CONFIGS = ['agentModelConfig', 'llmModelConfig', 'conditionAgentModelConfig'];

/** Whether a node lets the question's images reach its model. */
function takesImages(node: unknown): boolean {
  const data = isRecord(node) && isRecord(node.data) ? node.data : undefined;
  if (!data || !isRecord(data.inputs)) return false;
  const inputs = data.inputs;
  if (data.category === 'Chat Models') return isOn(inputs.allowImageUploads);
  if (data.category === 'Agent Flows')
    return V2_MODEL_CONFIGS.some((name) => {
      const config = inputs[name];
      return isRecord(config) && isOn(config.allowImageUploads);
    });
  return false;
}

/**
 * What a visitor may attach in the chat (`GET /chatflows-uploads/:id`): images when a chat model of the
 * flow has "Allow Image Uploads" on (in an agentflow, the model chosen in an Agent, LLM or Condition
 * Agent node). Speech-to-text and RAG file uploads need server features Flowloom does not have yet,
 * so they are never offered.
 */
export function uploadsConfig(nodes: readonly unknown[]): UploadsConfig {
  const isImageUploadAllowed = nodes.some(takesImages);
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
