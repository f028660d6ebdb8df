import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { MarketplaceTemplate } from '@flowloom/shared';
import { ReactFlowProvider } from '@xyflow/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { useAccess } from '../../app/useAccess';
import { useNotify } from '../notifications/useNotify';
import { marketplaceApi } from './marketplaceApi';
import { canvasPathFor, createPermissionFor, templateTitle, type TemplateRouteState } from './templates';

const ChatflowPreview = lazy(() =>
  import('../canvas/editor/ChatflowEditor').then((m) => ({ default: m.ChatflowPreview })),
);
const AgentflowPreview = lazy(() =>
  import('../agentcanvas/editor/AgentflowEditor').then((m) => ({ default: m.AgentflowPreview })),
);

type Found =
  | { status: 'loading' }
  | { status: 'ready'; template: MarketplaceTemplate }
  | { status: 'error'; error: unknown };

/**
 * The template of the route: the one the list passed in the router state, else (a reload or a
 * shared link) looked up by id among the community templates, whose ids are stable, and the
 * workspace's custom templates.
 */
function useTemplate(id: string | undefined): Found {
  const state: unknown = useLocation().state;
  const passed =
    state && typeof state === 'object' && (state as MarketplaceTemplate).id === id
      ? (state as MarketplaceTemplate)
      : undefined;
  const access = useAccess();
  const canCommunity = access.can('templates:marketplace');
  const canCustom = access.can('templates:custom');
  const [found, setFound] = useState<Found>(
    passed ? { status: 'ready', template: passed } : { status: 'loading' },
  );

  useEffect(() => {
    if (passed) return;
    let cancelled = false;
    void (async () => {
      try {
        const lists = await Promise.all([
          canCommunity ? marketplaceApi.templates() : Promise.resolve([]),
          canCustom ? marketplaceApi.custom() : Promise.resolve([]),
        ]);
        const template = lists.flat().find((t) => t.id === id && t.type !== 'Tool' && t.flowData);
        if (cancelled) return;
        setFound(
          template
            ? { status: 'ready', template }
            : {
                status: 'error',
                error: new Error(`Template ${id ?? ''} was not found. It may have been deleted.`),
              },
        );
      } catch (error) {
        if (!cancelled) setFound({ status: 'error', error });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, passed, canCommunity, canCustom]);
  return found;
}

/** `/marketplace/:id` and `/v2/marketplace/:id`: a template read-only on its canvas, and "Use Template". */
export default function MarketplacePreviewPage({ v2 }: { v2: boolean }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const notify = useNotify();
  const found = useTemplate(id);
  const back = () => void navigate('/marketplaces');

  if (found.status !== 'ready')
    return (
      <Box sx={{ minHeight: '100vh' }}>
        {found.status === 'loading' ? (
          <LinearProgress aria-label="Loading template" />
        ) : (
          <Alert
            severity="error"
            sx={{ m: 3 }}
            action={
              <Button color="inherit" onClick={back}>
                Back to Marketplace
              </Button>
            }
          >
            {errorMessage(found.error, 'This template could not be opened.')}
          </Alert>
        )}
      </Box>
    );

  const { template } = found;
  const target = canvasPathFor(template);
  const flowData = template.flowData ?? '{"nodes":[],"edges":[]}';
  const use = () => {
    let compact: string;
    try {
      compact = JSON.stringify(JSON.parse(flowData));
    } catch {
      notify.error('This template holds no valid flow and cannot be used.');
      return;
    }
    const state: TemplateRouteState = { templateFlowData: compact };
    void navigate(target, { state });
  };
  const Preview = v2 || template.type === 'AgentflowV2' ? AgentflowPreview : ChatflowPreview;
  return (
    <ReactFlowProvider>
      <Suspense fallback={<LinearProgress aria-label="Loading template" />}>
        <Preview
          key={template.id}
          flowData={flowData}
          name={templateTitle(template)}
          onBack={back}
          backLabel="Back to Marketplace"
          actions={
            access.can(createPermissionFor(target)) && (
              <Button variant="contained" onClick={use} title="Use Chatflow">
                Use Template
              </Button>
            )
          }
        />
      </Suspense>
    </ReactFlowProvider>
  );
}
