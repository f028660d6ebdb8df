import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useNotify } from '../notifications/useNotify';
import { exportImportApi } from './exportImportApi';
import { readImportFile } from './importFile';

/** Delay before the reload, so the success toast can be read. */
export const RELOAD_DELAY_MS = 1200;

/** SPEC §4 import: read the file, send it, announce success and reload; failures stay on screen. */
export function useImportData(reload: () => void = () => window.location.reload()) {
  const notify = useNotify();
  const [importing, setImporting] = useState(false);

  const importFile = useCallback(
    async (file: File) => {
      setImporting(true);
      try {
        const bundle = await readImportFile(file);
        await exportImportApi.importData(bundle);
        notify.success('Import All successful');
        setTimeout(reload, RELOAD_DELAY_MS);
      } catch (error) {
        notify.error(errorMessage(error, 'Invalid Imported File') || 'Invalid Imported File', {
          prefix: 'Failed to import: ',
          persist: true,
        });
      } finally {
        setImporting(false);
      }
    },
    [notify, reload],
  );

  return { importing, importFile };
}
