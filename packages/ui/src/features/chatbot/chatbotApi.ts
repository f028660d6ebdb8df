import type { Chatflow, Lead } from '@flowloom/shared';
import { visitorRequest } from '../chat/chatApi';

const path = (id: string) => encodeURIComponent(id);

/** What the public chatbot page asks, as a visitor (public routes, no cookies). */
export const chatbotApi = {
  /** The flow, if it is public (`GET /public-chatflows/:id`). */
  flow: (id: string) => visitorRequest<Chatflow>('GET', `/public-chatflows/${path(id)}`),
  /** The chat settings: chatbot config, uploads, text-to-speech (`GET /public-chatbotConfig/:id`). */
  settings: (id: string) =>
    visitorRequest<Record<string, unknown>>('GET', `/public-chatbotConfig/${path(id)}`),
  addLead: (body: { chatflowid: string; chatId: string; name?: string; email?: string; phone?: string }) =>
    visitorRequest<Lead>('POST', '/leads', body),
};
