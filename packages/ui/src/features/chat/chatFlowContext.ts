import { createContext } from 'react';

/**
 * The flow a chat talks to, for every answer bubble of it: pictures and files an answer brought are
 * kept by the server for the flow's chat and shown from there. Undefined where there is no saved flow.
 */
export const ChatFlowContext = createContext<string | undefined>(undefined);
