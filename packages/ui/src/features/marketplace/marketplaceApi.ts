import type { CreateCustomTemplateBody, CustomTemplate, MarketplaceTemplate } from '@flowloom/shared';
import { api } from '../../api/api';

export const marketplaceApi = {
  /** The community templates (our own library). */
  templates: () => api.get<MarketplaceTemplate[]>('/marketplaces/templates'),
  /** The workspace's custom templates. */
  custom: () => api.get<MarketplaceTemplate[]>('/marketplaces/custom'),
  saveCustom: (body: CreateCustomTemplateBody) => api.post<CustomTemplate>('/marketplaces/custom', body),
  removeCustom: (id: string) => api.delete<unknown>(`/marketplaces/custom/${encodeURIComponent(id)}`),
};
