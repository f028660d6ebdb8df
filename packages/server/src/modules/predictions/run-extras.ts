import type { FollowUpPromptsSettings } from '@flowloom/nodes';
import { followUpSettingsOf } from '../follow-up/follow-up.js';
import { postProcessingSource } from '../post-processing/post-processing.js';
import { speechToTextOf, type SpeechToTextChoice } from '../speech/speech-to-text.js';
import type { FlowRunSettings } from '../chatflows/chatflow.repository.js';

/** What a flow's settings columns add around a run: transcription before, post-processing and follow-ups after. */
export interface RunExtras {
  speechToText: SpeechToTextChoice | undefined;
  postProcessing: string | undefined;
  followUp: FollowUpPromptsSettings | undefined;
}

const NONE: RunExtras = { speechToText: undefined, postProcessing: undefined, followUp: undefined };
const CACHE_SIZE = 500;

function parseObject(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The extras of a saved flow version, parsed once per version (id and update time): the run API's
 * hot path pays a map lookup, and nothing for flows that set none.
 */
export function createRunExtras() {
  const cache = new Map<string, RunExtras>();
  return (row: FlowRunSettings): RunExtras => {
    if (!row.chatbotConfig && !row.followUpPrompts && !row.speechToText) return NONE;
    const key = `${row.id}:${row.updatedDate}`;
    const known = cache.get(key);
    if (known) return known;
    const extras: RunExtras = {
      speechToText: speechToTextOf(row.speechToText),
      postProcessing: postProcessingSource(parseObject(row.chatbotConfig)),
      followUp: followUpSettingsOf(row.followUpPrompts),
    };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, extras);
    return extras;
  };
}
