import { useMemo } from 'react';
import { useAppSelector } from '../../app/useAppSelector';
import { chatFeaturesOf, NO_CHAT_FEATURES, type ChatFeatures } from './chatFeatures';

/**
 * The chat features of the flow open on the canvas, as last saved (the Configuration dialog puts the
 * saved flow back in the store, so a change shows in the chat at once); none before it is saved.
 */
export function useFlowChatFeatures(chatflowId: string | undefined): ChatFeatures {
  const flow = useAppSelector((state) => state.canvas.chatflow);
  return useMemo(
    () => (flow && chatflowId && flow.id === chatflowId ? chatFeaturesOf(flow) : NO_CHAT_FEATURES),
    [flow, chatflowId],
  );
}
