import type { Chatflow } from '@flowloom/shared';
import { api } from '../../api/api';

/** Calls of the v2 canvas that the chatflow canvas does not make. */
export const agentApi = {
  createAgentflow: (body: { name: string; flowData: string }) =>
    api.post<Chatflow>('/chatflows', { ...body, type: 'AGENTFLOW', deployed: false, isPublic: false }),
};
