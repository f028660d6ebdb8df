import type { Chatflow } from '@flowloom/shared';
import { activeProvider, readColumn, sectionEnabled, type SettingsColumn } from '../flow-config/flowSettings';

/** What a flow's Configuration adds to its chat (SHARING.md §2.1). */
export interface ChatFeatures {
  /** The questions an answer suggests are offered under it (Follow-up Prompts on). */
  followUpPrompts: boolean;
  /** Answers can be read aloud (Text to Speech on); with `autoPlay` each new answer is. */
  textToSpeech?: { autoPlay: boolean };
  /** Questions can be recorded (Speech to Text on). */
  speechToText: boolean;
}

export const NO_CHAT_FEATURES: ChatFeatures = { followUpPrompts: false, speechToText: false };

/** The chat features of a saved flow, from its settings columns. */
export function chatFeaturesOf(flow: Pick<Chatflow, SettingsColumn>): ChatFeatures {
  const voices = readColumn(flow, 'textToSpeech');
  const voice = voices[activeProvider(voices)];
  return {
    followUpPrompts: sectionEnabled(flow, 'followUpPrompts'),
    ...(sectionEnabled(flow, 'textToSpeech') && {
      textToSpeech: {
        autoPlay:
          typeof voice === 'object' && voice !== null && (voice as { autoPlay?: unknown }).autoPlay === true,
      },
    }),
    speechToText: sectionEnabled(flow, 'speechToText'),
  };
}
