import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import { anyFlowFamily } from '../chat-messages/flow-scope.js';
import type { ChatflowPublicService } from './chatflow-public.service.js';

const idParams = z.object({ id: z.string().min(1) });

export function registerChatflowPublicRoutes(
  root: FastifyInstance,
  { chatflowPublic }: { chatflowPublic: ChatflowPublicService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['chatflows'];

  app.get(
    '/api/v1/chatflows-uploads/:id',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'What a chat visitor may attach (images, files, audio)', params: idParams },
    },
    (request) => chatflowPublic.uploads(request.params.id),
  );

  app.get(
    '/api/v1/flow-config/:id',
    {
      config: { access: anyFlowFamily('view') },
      schema: {
        tags,
        summary: 'Parameters of a flow an API call may override (overrideConfig)',
        params: idParams,
      },
    },
    (request) => chatflowPublic.flowConfig(caller(request), request.params.id),
  );

  app.get(
    '/api/v1/public-chatbotConfig/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "The chat embed's settings: chatbot config, uploads, text-to-speech, and an agentflow's Start form",
        params: idParams,
      },
    },
    (request) => chatflowPublic.chatbotConfig(request.params.id),
  );

  app.get(
    '/api/v1/public-chatflows/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'A flow for its share page: public flows to anyone, others to members of its workspace',
        params: idParams,
      },
    },
    (request) => chatflowPublic.publicChatflow(request.params.id, request.auth),
  );
}
