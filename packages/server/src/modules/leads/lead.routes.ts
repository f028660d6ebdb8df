import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createLeadBody } from '@flowloom/shared';
import { PUBLIC } from '../../http/access.js';
import { anyFlowFamily } from '../chat-messages/flow-scope.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { LeadService } from './lead.service.js';

export function registerLeadRoutes(root: FastifyInstance, { leads }: { leads: LeadService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  // The Flowise chat widget posts to `/leads/` (with the slash); the router tells the two apart.
  for (const url of ['/api/v1/leads', '/api/v1/leads/']) {
    app.post(
      url,
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: 'Save the contact details a chat visitor left',
          body: createLeadBody,
          ...(url.endsWith('/') && { hide: true }),
        },
      },
      (request) => leads.create(request.body),
    );
  }

  app.get(
    '/api/v1/leads/:chatflowid',
    {
      config: { access: anyFlowFamily('view') },
      schema: {
        tags,
        summary: 'Leads collected by a flow, oldest first',
        params: z.object({ chatflowid: z.string().min(1) }),
      },
    },
    (request) => leads.list(caller(request), request.params.chatflowid),
  );
}
