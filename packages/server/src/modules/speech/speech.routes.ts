import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can, PUBLIC } from '../../http/access.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { SpeechService } from './speech.service.js';

const id = z.string().trim().min(1).max(200);

/** OpenAI's speech endpoint takes at most 4,096 characters a request. */
export const MAX_SPEECH_CHARS = 4096;

const generateBody = z.object({
  chatflowId: z.uuid({ message: 'chatflowId must be a chatflow id' }).optional(),
  chatId: id.optional(),
  chatMessageId: id.optional(),
  text: z
    .string({ message: 'text not provided' })
    .trim()
    .min(1, 'text not provided')
    .max(MAX_SPEECH_CHARS, `text must be at most ${MAX_SPEECH_CHARS} characters`),
  provider: z.string().max(100).optional(),
  credentialId: z.string().max(100).optional(),
  voice: z.string().max(100).optional(),
  model: z.string().max(100).optional(),
});

/**
 * Text to speech (FLOWISE_API.md §4.2): `generate` answers server-sent events `tts_start`,
 * `tts_data` (base64 audio), `tts_end`, or `tts_error` when the provider fails mid-way; refusals
 * (bad input, no access, nothing configured) are plain HTTP errors before any event.
 */
export function registerSpeechRoutes(root: FastifyInstance, { speech }: { speech: SpeechService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['text-to-speech'];

  app.post(
    '/api/v1/text-to-speech/generate',
    {
      // Public, and each call costs the flow's owner a provider call: a visitor gets 60 a minute.
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Speak a text with a flow's voice (public flows, or members of its workspace) or with a provider and credential (flow configurers); server-sent events",
        body: generateBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const plan = await speech.plan(request.auth ?? null, body);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      const send = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify({ event, data })}\n\n`);
      const gone = new AbortController();
      raw.on('close', () => gone.abort());
      const chatMessageId = body.chatMessageId;
      try {
        await speech.speak(
          plan,
          body,
          {
            onStart: (format) => send('tts_start', { chatMessageId, format }),
            onChunk: (chunk) => send('tts_data', { chatMessageId, audioChunk: chunk.toString('base64') }),
          },
          gone.signal,
        );
        send('tts_end', { chatMessageId });
      } catch (error) {
        request.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'text to speech failed',
        );
        send('tts_error', { error: error instanceof Error ? error.message : 'TTS generation failed' });
      } finally {
        raw.end();
      }
      return reply;
    },
  );

  app.post(
    '/api/v1/text-to-speech/abort',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Stop the speech of one message',
        body: z.object({ chatId: id, chatMessageId: id, chatflowId: id }),
      },
    },
    (request) => {
      const { chatId, chatMessageId } = request.body;
      speech.abort(chatId, chatMessageId);
      return { message: 'TTS stream aborted successfully', chatId, chatMessageId };
    },
  );

  app.get(
    '/api/v1/text-to-speech/voices',
    {
      config: { access: can('chatflows:config', 'agentflows:config') },
      schema: {
        tags,
        summary: 'The voices of a text to speech provider',
        querystring: z.object({
          provider: z.string({ message: 'provider not provided' }).min(1, 'provider not provided').max(100),
          credentialId: z.string().max(100).optional(),
        }),
      },
    },
    (request) => speech.voices(request.query.provider),
  );
}
