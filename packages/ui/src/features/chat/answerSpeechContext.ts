import { createContext } from 'react';
import type { AnswerSpeech } from './useAnswerSpeech';

/**
 * Reading answers aloud, for every answer bubble of a chat (a kind's own bubbles too) without each
 * thread passing it down; undefined where the flow has no voice.
 */
export const AnswerSpeechContext = createContext<AnswerSpeech | undefined>(undefined);
