import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { assistantFileDownloadBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { PUBLIC } from '../../http/access.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import { chatFileScope, type FileStorage } from './file-storage.js';

/** Pictures a page may show in place; every other file is only offered for download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** `attachment; filename="…"; filename*=UTF-8''…`: the name survives any characters it has. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The files a run kept for a chat (an assistant's pictures and cited files), for the people in that
 * chat: `POST /openai-assistants-file/download {chatflowId, chatId, fileName}` and
 * `GET /get-upload-file?chatflowId=&chatId=&fileName=[&download=true]` (Flowise's public routes).
 * Knowing the chat's id is what lets a visitor in, as with the chat's messages.
 */
export function registerChatFileRoutes(
  root: FastifyInstance,
  deps: {
    storage: Pick<FileStorage, 'read'>;
    /** The workspace of a flow, if there is such a flow. */
    workspaceOf(flowId: string): Promise<string | undefined>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat files'];
  const rateLimit = { max: 120, timeWindow: '1 minute' };

  async function send(
    reply: FastifyReply,
    { chatflowId, chatId, fileName }: z.infer<typeof assistantFileDownloadBody>,
    download: boolean,
  ) {
    const workspaceId = await deps.workspaceOf(chatflowId);
    if (!workspaceId) throw new AppError('NOT_FOUND', `Chatflow ${chatflowId} not found`);
    const file = await deps.storage.read(workspaceId, chatFileScope(chatflowId, chatId), fileName);
    const inline = !download && INLINE_TYPES.has(file.mime);
    return reply
      .type(inline ? file.mime : 'application/octet-stream')
      .header('Content-Disposition', disposition(inline ? 'inline' : 'attachment', file.name))
      .header('Cache-Control', 'private, max-age=3600')
      .send(Buffer.from(file.data));
  }

  app.post(
    '/api/v1/openai-assistants-file/download',
    {
      config: { access: PUBLIC, rateLimit },
      schema: {
        tags,
        summary: "Download a file an assistant's answer in a chat cited or wrote",
        body: assistantFileDownloadBody,
      },
    },
    (request, reply) => send(reply, request.body, true),
  );

  app.get(
    '/api/v1/get-upload-file',
    {
      config: { access: PUBLIC, rateLimit },
      schema: {
        tags,
        summary: 'A file kept for a chat (pictures are shown in place unless download=true)',
        querystring: assistantFileDownloadBody.extend({ download: z.enum(['true', 'false']).optional() }),
      },
    },
    (request, reply) => send(reply, request.query, request.query.download === 'true'),
  );
}
