import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createAssistantBody,
  generateInstructionBody,
  listAssistantsQuery,
  paginationQuery,
  updateAssistantBody,
} from '@flowloom/shared';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { listOrPage } from '../../http/pagination.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { AssistantService } from './assistant.service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const PREFIX = '/api/v1/assistants';

/**
 * Assistants (FLOWISE_API.md §4.2 "assistants"): CRUD, the components a custom assistant's builder
 * offers (chat models, document stores, tools) and the instruction writer.
 */
export function registerAssistantRoutes(
  root: FastifyInstance,
  { assistants }: { assistants: AssistantService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['assistants'];
  const VIEW = can('assistants:view');
  // Flowise lets either permission save: creating a custom assistant ends in saving its details.
  const SAVE = can('assistants:create', 'assistants:update');

  app.get(
    PREFIX,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'List assistants (of one type with ?type=CUSTOM|OPENAI|AZURE), newest change first',
        querystring: listAssistantsQuery.extend(paginationQuery.shape),
      },
    },
    (request) => {
      const ctx = caller(request);
      const { type } = request.query;
      return listOrPage(
        request.query,
        (range) => assistants.list(ctx, type, range),
        () => assistants.count(ctx, type),
      );
    },
  );

  app.get(
    `${PREFIX}/components/chatmodels`,
    { config: { access: VIEW }, schema: { tags, summary: 'Chat models an assistant may use' } },
    () => assistants.chatModels(),
  );
  app.get(
    `${PREFIX}/components/tools`,
    { config: { access: VIEW }, schema: { tags, summary: 'Tools an assistant may use' } },
    () => assistants.tools(),
  );
  app.get(
    `${PREFIX}/components/docstores`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Upserted document stores an assistant may search: [{name: id, label, description}]',
      },
    },
    (request) => assistants.documentStores(caller(request)),
  );

  app.post(
    `${PREFIX}/generate/instruction`,
    {
      config: { access: SAVE },
      schema: {
        tags,
        summary: 'Instructions for an assistant doing a task, written by the chosen chat model: {content}',
        body: generateInstructionBody,
      },
    },
    (request) => assistants.generateInstruction(caller(request), request.body),
  );

  app.get(
    `${PREFIX}/:id`,
    { config: { access: VIEW }, schema: { tags, summary: 'One assistant', params: idParams } },
    (request) => assistants.get(caller(request), request.params.id),
  );

  app.post(
    PREFIX,
    {
      config: { access: can('assistants:create') },
      schema: {
        tags,
        summary:
          'Create an assistant: custom (with a chat model in its details, its flow is built too), or OPENAI/AZURE (created at OpenAI with the credential)',
        body: createAssistantBody,
      },
    },
    async (request, reply) => reply.status(201).send(await assistants.create(caller(request), request.body)),
  );

  app.put(
    `${PREFIX}/:id`,
    {
      config: { access: SAVE },
      schema: {
        tags,
        summary:
          'Update an assistant; new details rebuild its flow (type ASSISTANT, run by /prediction/:flowId)',
        params: idParams,
        body: updateAssistantBody,
      },
    },
    (request) => assistants.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    `${PREFIX}/:id`,
    {
      config: { access: can('assistants:delete') },
      schema: {
        tags,
        summary:
          "Delete an assistant and its flow (with the flow's messages); ?isDeleteBoth=true also deletes an OpenAI or Azure assistant at OpenAI",
        params: idParams,
        querystring: z.object({ isDeleteBoth: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request) => {
      await assistants.remove(caller(request), request.params.id, request.query.isDeleteBoth === 'true');
      return { message: 'deleted' };
    },
  );
}
