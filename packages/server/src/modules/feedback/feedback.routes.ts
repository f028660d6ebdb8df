import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createFeedbackBody, feedbackListQuery, updateFeedbackBody } from '@flowloom/shared';
import { PUBLIC } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import { anyFlowFamily } from '../chat-messages/flow-scope.js';
import type { FeedbackService } from './feedback.service.js';

export function registerFeedbackRoutes(root: FastifyInstance, { feedback }: { feedback: FeedbackService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];
  const summary =
    'Rate an answer (THUMBS_UP/THUMBS_DOWN, optional comment); one feedback per message, change it with PUT';

  app.post(
    '/api/v1/feedback',
    { config: { access: PUBLIC }, schema: { tags, summary, body: createFeedbackBody } },
    (request) => feedback.create(request.body),
  );

  app.post(
    '/api/v1/feedback/:chatflowid',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary,
        params: z.object({ chatflowid: z.string().min(1) }),
        body: createFeedbackBody,
      },
    },
    (request) => feedback.create(request.body, request.params.chatflowid),
  );

  app.put(
    '/api/v1/feedback/:id',
    {
      // Public for the chat window; the service ties the change to the feedback's chat (issue 10).
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "Change the rating or comment of a feedback: send its chat's chatId (or, right after rating, only the comment)",
        params: z.object({ id: z.string().min(1) }),
        body: updateFeedbackBody,
      },
    },
    (request) => feedback.update(request.params.id, request.body, request.auth),
  );

  app.get(
    '/api/v1/feedback/:chatflowid',
    {
      // Flowise leaves this list open; feedback comments are visitors' words, so it needs a member here.
      config: { access: anyFlowFamily('view') },
      schema: {
        tags,
        summary: 'Feedback of a flow, oldest first (or order=DESC), by chat and date range',
        params: z.object({ chatflowid: z.string().min(1) }),
        querystring: feedbackListQuery,
      },
    },
    (request) => feedback.list(caller(request), { chatflowid: request.params.chatflowid, ...request.query }),
  );
}
