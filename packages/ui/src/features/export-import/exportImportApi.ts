import { api } from '../../api/api';
import type { ExportFlag } from './exportTypes';

/** The export answer: `FileDefaultName` and one list of rows per bundle section. */
export type ExportAnswer = Record<string, unknown> & { FileDefaultName?: string };

// A 403 names the section the caller may not export or import: shown in the toast, not as a page.
export const exportImportApi = {
  exportData: (flags: Record<ExportFlag, boolean>) =>
    api.post<ExportAnswer>('/export-import/export', flags, { keepForbidden: true }),
  importData: (bundle: unknown) =>
    api.post<unknown>('/export-import/import', bundle, { keepForbidden: true }),
};
