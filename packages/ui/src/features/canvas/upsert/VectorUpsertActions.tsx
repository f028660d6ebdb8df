import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import HistoryIcon from '@mui/icons-material/History';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import type { Chatflow, UpsertOutcome } from '@flowloom/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAccess } from '../../../app/useAccess';
import { UpsertHistoryDrawer } from '../../../components/upsert/UpsertHistoryDrawer';
import { UpsertResultDialog } from '../../../components/upsert/UpsertResultDialog';
import { documentFromText } from '../document/flowFile';
import { vectorUpsertTargets } from './vectorUpsertTargets';

const VectorUpsertDialog = lazy(() => import('./VectorUpsertDialog'));

/**
 * The header buttons of a chatflow whose saved version has a vector store with documents connected
 * (DOCUMENT_STORES.md §4.11): "Upsert Vector Database" opens the upsert dialog, whose result shows in
 * the Upsert Record; the clock opens the flow's upsert history. Nothing shows for other flows.
 */
export function VectorUpsertActions({
  chatflow,
  isDirty,
  onSave,
}: {
  /** The saved chatflow: the server upserts what is saved, so the buttons follow it. */
  chatflow: Chatflow;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
}) {
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<UpsertOutcome | null>(null);
  const [history, setHistory] = useState(false);
  const targets = useMemo(
    () => vectorUpsertTargets(documentFromText(chatflow.flowData)),
    [chatflow.flowData],
  );

  if (targets.length === 0 && !open && !result && !history) return null;
  return (
    <>
      <Tooltip title="Upsert Vector Database">
        <IconButton aria-label="Upsert Vector Database" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
          <StorageOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Upsert History">
        <IconButton aria-label="Upsert History" onClick={() => setHistory(true)} sx={{ flexShrink: 0 }}>
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense
          fallback={
            <LinearProgress
              aria-label="Opening the upsert dialog"
              sx={(theme) => ({ position: 'fixed', top: 0, left: 0, right: 0, zIndex: theme.zIndex.modal })}
            />
          }
        >
          <VectorUpsertDialog
            flowId={chatflow.id}
            targets={targets}
            canUpsert={access.can('chatflows:update')}
            isDirty={isDirty}
            onSave={onSave}
            onUpserted={(outcome) => {
              setOpen(false);
              setResult(outcome);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
      {result && <UpsertResultDialog result={result} onClose={() => setResult(null)} />}
      {history && <UpsertHistoryDrawer id={chatflow.id} onClose={() => setHistory(false)} />}
    </>
  );
}
