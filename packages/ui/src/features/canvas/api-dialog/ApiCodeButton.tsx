import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import CodeIcon from '@mui/icons-material/Code';
import type { Chatflow } from '@flowloom/shared';
import { lazy, Suspense, useState } from 'react';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { setChatflow } from '../canvasSlice';

const ApiCodeDialog = lazy(() => import('./ApiCodeDialog'));

/**
 * The "</>" header button of a saved flow (SHARING.md §3): opens "Embed in website or use as API".
 * What the dialog saves (bound key, public flag, chatbot and override settings) goes back into the
 * canvas's flow, so the next save keeps it.
 */
export function ApiCodeButton({ chatflow, agentCanvas }: { chatflow: Chatflow; agentCanvas: boolean }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="API Endpoint">
        <IconButton aria-label="API Endpoint" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
          <CodeIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense
          fallback={
            <LinearProgress
              aria-label="Opening the API dialog"
              sx={(theme) => ({ position: 'fixed', top: 0, left: 0, right: 0, zIndex: theme.zIndex.modal })}
            />
          }
        >
          <ApiCodeDialog
            chatflow={chatflow}
            agentCanvas={agentCanvas}
            onChatflowChange={(flow) => dispatch(setChatflow(flow))}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
