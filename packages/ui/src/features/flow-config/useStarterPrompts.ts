import { useMemo } from 'react';
import { useAppSelector } from '../../app/useAppSelector';
import { readColumn, starterPromptRows } from './flowSettings';

/** The non-empty starter prompts of the flow open on the canvas (its saved `chatbotConfig`). */
export function useStarterPrompts(): string[] {
  const chatbotConfig = useAppSelector((state) => state.canvas.chatflow?.chatbotConfig ?? null);
  return useMemo(
    () =>
      starterPromptRows(
        readColumn(
          {
            chatbotConfig,
            apiConfig: null,
            speechToText: null,
            textToSpeech: null,
            followUpPrompts: null,
          },
          'chatbotConfig',
        ).starterPrompts,
      )
        .map((p) => p.trim())
        .filter(Boolean),
    [chatbotConfig],
  );
}
