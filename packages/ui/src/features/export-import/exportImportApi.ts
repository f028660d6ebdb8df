import { api } from '../../api/api';
import type { ExportFlag } from './exportTypes';

export const exportImportApi = {
  exportData: (flags: Record<ExportFlag, boolean>) =>
    api.post<Record<string, unknown> & { FileDefaultName?: string }>('/export-import/export', flags),
  importData: (bundle: unknown) => api.post<unknown>('/export-import/import', bundle),
};
