import { OPENAI_VOICES, synthesizeSpeech, TEXT_TO_SPEECH_PROVIDERS } from '@flowloom/nodes';
import type { ChatflowType } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { Logger } from '../../runtime.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import type { ChatflowRepository } from '../chatflows/chatflow.repository.js';
import { flowPermission } from '../chatflows/chatflow.service.js';
import type { EngineServicesFor } from '../predictions/engine-services.js';

/** `POST /text-to-speech/generate` (FLOWISE_API.md §4.2). */
export interface SpeechRequest {
  chatflowId?: string | undefined;
  chatId?: string | undefined;
  chatMessageId?: string | undefined;
  text: string;
  provider?: string | undefined;
  credentialId?: string | undefined;
  voice?: string | undefined;
  model?: string | undefined;
}

/** What is spoken, with whose credentials: settled before the event stream opens. */
export interface SpeechPlan {
  workspaceId: string;
  provider: string;
  credentialId: string;
  voice: string | undefined;
  model: string | undefined;
}

/** Audio goes to the client in pieces of this many bytes (base64 in `tts_data` events). */
const CHUNK_BYTES = 16 * 1024;

const PROVIDERS = Object.keys(TEXT_TO_SPEECH_PROVIDERS);

function assertSupported(provider: string) {
  if (!TEXT_TO_SPEECH_PROVIDERS[provider])
    throw new AppError(
      'BAD_REQUEST',
      `Text to speech provider "${provider}" is not supported (supported: ${PROVIDERS.join(', ')})`,
    );
}

/** The provider that is on in a flow's `textToSpeech` column. */
function activeProvider(
  text: string | null,
): { provider: string; settings: Record<string, unknown> } | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const [provider, settings] of Object.entries(parsed)) {
      if (provider === 'none' || typeof settings !== 'object' || settings === null) continue;
      if ((settings as { status?: unknown }).status === true)
        return { provider, settings: settings as Record<string, unknown> };
    }
  } catch {
    // a damaged column has no provider on
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * Text to speech for the chat (SHARING.md §2.1): a flow's configured voice for its chat visitors,
 * or the Configuration dialog's "Test Voice" with a provider and credential of the caller's
 * workspace. Only OpenAI-compatible speech endpoints are supported.
 */
export function createSpeechService(deps: {
  flows: ChatflowRepository;
  servicesFor: EngineServicesFor;
  logger: Logger;
}) {
  const running = new Map<string, AbortController>();

  return {
    /**
     * Who may hear what: a flow's voice is open to members of its workspace and, for a public flow,
     * to anyone; a voice named in the request needs a member who may configure flows.
     */
    async plan(ctx: AuthContext | null, request: SpeechRequest): Promise<SpeechPlan> {
      if (request.chatflowId) {
        const row = await deps.flows.findById(request.chatflowId);
        if (!row) throw new AppError('NOT_FOUND', `Chatflow ${request.chatflowId} not found`);
        const member =
          ctx !== null &&
          ctx.workspaceId === row.workspaceId &&
          holds(ctx, flowPermission(row.type as ChatflowType, 'view'));
        if (!member && row.isPublic !== 1)
          throw new AppError(
            'UNAUTHORIZED',
            'This chatflow is not public: sign in to its workspace to use its voice',
          );
        const active = activeProvider(row.textToSpeech);
        if (!active) throw new AppError('BAD_REQUEST', 'No text to speech provider is on for this chatflow');
        assertSupported(active.provider);
        const credentialId = text(active.settings.credentialId);
        if (!credentialId)
          throw new AppError('BAD_REQUEST', 'The text to speech provider of this chatflow has no credential');
        return {
          workspaceId: row.workspaceId,
          provider: active.provider,
          credentialId,
          voice: text(active.settings.voice),
          model: text(active.settings.model),
        };
      }
      if (!ctx)
        throw new AppError('UNAUTHORIZED', 'Sign in to try a voice, or name the chatflow to speak for');
      if (!holds(ctx, 'chatflows:config') && !holds(ctx, 'agentflows:config'))
        throw new AppError('FORBIDDEN', 'Trying a voice needs the permission to configure flows');
      if (!request.provider) throw new AppError('BAD_REQUEST', 'provider not provided');
      assertSupported(request.provider);
      if (!request.credentialId) throw new AppError('BAD_REQUEST', 'credentialId not provided');
      return {
        workspaceId: ctx.workspaceId,
        provider: request.provider,
        credentialId: request.credentialId,
        voice: request.voice,
        model: request.model,
      };
    },

    /**
     * Speaks `text` and hands the audio over in pieces: `onStart(format)`, `onChunk(bytes)` each,
     * resolving when all is sent. Provider failures reject with a readable message.
     */
    async speak(
      plan: SpeechPlan,
      request: SpeechRequest,
      events: { onStart(format: string): void; onChunk(chunk: Buffer): void },
      signal: AbortSignal,
    ): Promise<void> {
      const key = `tts_${request.chatId ?? ''}_${request.chatMessageId ?? ''}`;
      const controller = new AbortController();
      signal.addEventListener('abort', () => controller.abort(), { once: true });
      running.set(key, controller);
      try {
        const response = await synthesizeSpeech(deps.servicesFor(plan.workspaceId, undefined), {
          provider: plan.provider,
          credentialId: plan.credentialId,
          ...(plan.voice && { voice: plan.voice }),
          ...(plan.model && { model: plan.model }),
          text: request.text,
          signal: controller.signal,
        });
        events.onStart('mp3');
        const audio = Buffer.from(await response.arrayBuffer());
        for (let at = 0; at < audio.length && !controller.signal.aborted; at += CHUNK_BYTES)
          events.onChunk(audio.subarray(at, at + CHUNK_BYTES));
      } finally {
        if (running.get(key) === controller) running.delete(key);
      }
    },

    /** Stops the speech of one message; false when none was being made. */
    abort(chatId: string, chatMessageId: string): boolean {
      const controller = running.get(`tts_${chatId}_${chatMessageId}`);
      controller?.abort();
      return controller !== undefined;
    },

    /** The voices of a provider (OpenAI's are a fixed list). */
    voices(provider: string): { id: string; name: string }[] {
      assertSupported(provider);
      return OPENAI_VOICES;
    },
  };
}
export type SpeechService = ReturnType<typeof createSpeechService>;
