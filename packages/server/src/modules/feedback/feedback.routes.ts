import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createFeedbackBody, feedbackListQuery, updateFeedbackBody } from '@flowloom/shared';
import { PUBLIC, can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
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
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Change the rating or comment of a feedback',
        params: z.object({ id: z.string().min(1) }),
        body: updateFeedbackBody,
      },
    },
    (request) => feedback.update(request.params.id, request.body),
  );

  app.get(
    '/api/v1/feedback/:chatflowid',
    {
      // Flowise leaves this list open; feedback comments are visitors' words, so it needs a member here.
      config: { access: can('chatflows:view', 'agentflows:view') },
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
