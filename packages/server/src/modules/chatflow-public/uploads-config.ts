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

/** The most a file attached in the chat for a vector store may weigh, in MB (Flowise offers 500). */
export const RAG_UPLOAD_MB = 50;

const REFERENCE = /^\{\{\s*([^.{}\s]+)\.data\.instance\s*\}\}$/;

/**
 * The file types a visitor may attach to be searched in this chat (RAG uploads): a vector store with
 * File Upload on, fed by a document loader that reads files. The loader's own file types (its file
 * input's `fileType`) are offered; undefined when the flow has no such store.
 */
function ragFileTypes(nodes: readonly unknown[]): string[] | undefined {
  const byId = new Map<string, Record<string, unknown>>();
  for (const node of nodes)
    if (isRecord(node) && isRecord(node.data) && typeof node.id === 'string') byId.set(node.id, node.data);
  for (const data of byId.values()) {
    if (data.category !== 'Vector Stores' || !isRecord(data.inputs) || !isOn(data.inputs.fileUpload))
      continue;
    for (const reference of [data.inputs.document].flat()) {
      const id = typeof reference === 'string' ? REFERENCE.exec(reference)?.[1] : undefined;
      const loader = id ? byId.get(id) : undefined;
      if (loader?.category !== 'Document Loaders') continue;
      const params = Array.isArray(loader.inputParams) ? (loader.inputParams as unknown[]) : [];
      const file = params.find((p): p is Record<string, unknown> => isRecord(p) && p.type === 'file');
      if (!file) continue;
      const fileType = typeof file.fileType === 'string' && file.fileType.trim() ? file.fileType : '*';
      return fileType.split(',').map((type) => type.trim());
    }
  }
  return undefined;
}

/**
 * What a visitor may attach in the chat (`GET /chatflows-uploads/:id`): images when a chat model of the
 * flow has "Allow Image Uploads" on (in an agentflow, the model chosen in an Agent, LLM or Condition
 * Agent node); files to search when a vector store has File Upload on and a file loader feeds it
 * (they are upserted for that chat only); a recorded question when the flow has a speech to text
 * provider on (`speechToText`: it is transcribed before the run).
 */
export function uploadsConfig(nodes: readonly unknown[], speechToText = false): UploadsConfig {
  const isImageUploadAllowed = nodes.some(takesImages);
  const ragTypes = ragFileTypes(nodes);
  return {
    isSpeechToTextEnabled: speechToText,
    isImageUploadAllowed,
    isRAGFileUploadAllowed: ragTypes !== undefined,
    imgUploadSizeAndTypes: isImageUploadAllowed
      ? [{ ...IMAGE_UPLOADS, fileTypes: [...IMAGE_UPLOADS.fileTypes] }]
      : [],
    fileUploadSizeAndTypes: ragTypes ? [{ fileTypes: ragTypes, maxUploadSize: RAG_UPLOAD_MB }] : [],
  };
}
