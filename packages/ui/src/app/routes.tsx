import { isValidElement, type ReactNode } from 'react';
import { matchPath } from 'react-router';
import { lazyPage } from './lazyPage';

const FlowListPage = lazyPage(() => import('../features/chatflows/FlowListPage'));
const CredentialsPage = lazyPage(() => import('../features/credentials/CredentialsPage'));
const VariablesPage = lazyPage(() => import('../features/variables/VariablesPage'));
const ApiKeysPage = lazyPage(() => import('../features/apikeys/ApiKeysPage'));
const ToolsPage = lazyPage(() => import('../features/tools/ToolsPage'));
const UserProfilePage = lazyPage(() => import('../features/auth/pages/UserProfilePage'));
const MarketplacePage = lazyPage(() => import('../features/marketplace/MarketplacePage'));
const MarketplacePreviewPage = lazyPage(() => import('../features/marketplace/MarketplacePreviewPage'));
const ComingSoonPage = lazyPage(() => import('../features/coming-soon/ComingSoonPage'));
const AssistantsPage = lazyPage(() => import('../features/assistants/AssistantsPage'));
const CustomAssistantsPage = lazyPage(() => import('../features/assistants/CustomAssistantsPage'));
const OpenAIAssistantsPage = lazyPage(() => import('../features/assistants/openai/OpenAIAssistantsPage'));
const CustomAssistantPage = lazyPage(() => import('../features/assistants/builder/CustomAssistantPage'));
const CanvasPage = lazyPage(() => import('../features/canvas/CanvasPage'));
const AgentCanvasPage = lazyPage(() => import('../features/agentcanvas/AgentCanvasPage'));
const ExecutionsPage = lazyPage(() => import('../features/executions/ExecutionsPage'));
const PublicExecutionPage = lazyPage(() => import('../features/executions/PublicExecutionPage'));
const ChatbotPage = lazyPage(() => import('../features/chatbot/ChatbotPage'));
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'));
const VerifyPage = lazyPage(() => import('../features/auth/pages/VerifyPage'));
const StatusPage = lazyPage(() => import('../features/auth/pages/StatusPage'));
const SsoSuccessPage = lazyPage(() => import('../features/auth/pages/SsoSuccessPage'));
const DocumentStoresPage = lazyPage(() => import('../features/document-stores/DocumentStoresPage'));
const DocumentStorePage = lazyPage(() => import('../features/document-stores/store/DocumentStorePage'));
const ChunksPage = lazyPage(() => import('../features/document-stores/chunks/ChunksPage'));
const LoaderConfigPage = lazyPage(() => import('../features/document-stores/loader/LoaderConfigPage'));
const VectorConfigPage = lazyPage(() => import('../features/document-stores/vector/VectorConfigPage'));
const RetrievalQueryPage = lazyPage(() => import('../features/document-stores/query/RetrievalQueryPage'));

/** A route of the SPEC §2 tables with its guard. */
export interface AppRoute {
  path: string;
  /** Permission id (comma list = any); none = any signed-in user. */
  permission?: string;
  feature?: string;
  element: ReactNode;
}

const TEMPLATES = 'templates:marketplace,templates:custom';
const DOCUMENT_STORES = 'documentStores:view';

/** Main layout (signed in, side menu). */
export const mainRoutes: AppRoute[] = [
  { path: '/', permission: 'chatflows:view', element: <FlowListPage type="CHATFLOW" /> },
  { path: '/chatflows', permission: 'chatflows:view', element: <FlowListPage type="CHATFLOW" /> },
  { path: '/agentflows', permission: 'agentflows:view', element: <FlowListPage type="AGENTFLOW" /> },
  { path: '/executions', permission: 'executions:view', element: <ExecutionsPage /> },
  { path: '/marketplaces', permission: TEMPLATES, element: <MarketplacePage /> },
  { path: '/apikey', permission: 'apikeys:view', element: <ApiKeysPage /> },
  { path: '/tools', permission: 'tools:view', element: <ToolsPage /> },
  { path: '/assistants', permission: 'assistants:view', element: <AssistantsPage /> },
  { path: '/assistants/custom', permission: 'assistants:view', element: <CustomAssistantsPage /> },
  { path: '/assistants/custom/:id', permission: 'assistants:view', element: <CustomAssistantPage /> },
  { path: '/assistants/openai', permission: 'assistants:view', element: <OpenAIAssistantsPage /> },
  { path: '/credentials', permission: 'credentials:view', element: <CredentialsPage /> },
  { path: '/variables', permission: 'variables:view', element: <VariablesPage /> },
  { path: '/document-stores', permission: DOCUMENT_STORES, element: <DocumentStoresPage /> },
  // SPEC leaves the sub-routes' permission unspecified; they show store content, so they use the list's.
  // Fixed segments (chunks, vector, query) come before `:storeId/:name`, which matches them too: the
  // router ranks them itself, but preloading a page takes the first route that matches.
  ...(
    [
      ['/document-stores/chunks/:storeId/:fileId', <ChunksPage />],
      ['/document-stores/vector/:storeId', <VectorConfigPage />],
      ['/document-stores/vector/:storeId/:docId', <VectorConfigPage />],
      ['/document-stores/query/:storeId', <RetrievalQueryPage />],
      ['/document-stores/:storeId', <DocumentStorePage />],
      ['/document-stores/:storeId/:name', <LoaderConfigPage />],
    ] as const
  ).map(([path, element]) => ({ path, permission: DOCUMENT_STORES, element })),
  {
    path: '/datasets',
    permission: 'datasets:view',
    feature: 'feat:datasets',
    element: <ComingSoonPage area="datasets" />,
  },
  {
    path: '/dataset_rows/:id',
    permission: 'datasets:view',
    feature: 'feat:datasets',
    element: <ComingSoonPage area="datasets" />,
  },
  {
    path: '/evaluations',
    permission: 'evaluations:view',
    feature: 'feat:evaluations',
    element: <ComingSoonPage area="evaluations" />,
  },
  {
    path: '/evaluation_results/:id',
    permission: 'evaluations:view',
    feature: 'feat:evaluations',
    element: <ComingSoonPage area="evaluations" />,
  },
  {
    path: '/evaluators',
    permission: 'evaluators:view',
    feature: 'feat:evaluators',
    element: <ComingSoonPage area="evaluators" />,
  },
  { path: '/logs', permission: 'logs:view', feature: 'feat:logs', element: <ComingSoonPage area="logs" /> },
  { path: '/files', feature: 'feat:files', element: <ComingSoonPage area="files" /> },
  { path: '/account', feature: 'feat:account', element: <ComingSoonPage area="account" /> },
  {
    path: '/users',
    permission: 'users:manage',
    feature: 'feat:users',
    element: <ComingSoonPage area="users" />,
  },
  {
    path: '/roles',
    permission: 'roles:manage',
    feature: 'feat:roles',
    element: <ComingSoonPage area="roles" />,
  },
  {
    path: '/login-activity',
    permission: 'loginActivity:view',
    feature: 'feat:login-activity',
    element: <ComingSoonPage area="loginActivity" />,
  },
  {
    path: '/workspaces',
    permission: 'workspace:view',
    feature: 'feat:workspaces',
    element: <ComingSoonPage area="workspaces" />,
  },
  {
    path: '/workspace-users/:id',
    permission: 'workspace:view',
    feature: 'feat:workspaces',
    element: <ComingSoonPage area="workspaces" />,
  },
  {
    path: '/sso-config',
    permission: 'sso:manage',
    feature: 'feat:sso-config',
    element: <ComingSoonPage area="sso" />,
  },
  { path: '/user-profile', element: <UserProfilePage /> },
];

/** Canvas layout (signed in, no side menu). */
export const canvasRoutes: AppRoute[] = [
  { path: '/canvas', permission: 'chatflows:view', element: <CanvasPage kind="chatflow" /> },
  { path: '/canvas/:id', permission: 'chatflows:view', element: <CanvasPage kind="chatflow" /> },
  { path: '/agentcanvas', permission: 'agentflows:view', element: <CanvasPage kind="agents" /> },
  { path: '/agentcanvas/:id', permission: 'agentflows:view', element: <CanvasPage kind="agents" /> },
  { path: '/v2/agentcanvas', permission: 'agentflows:view', element: <AgentCanvasPage /> },
  { path: '/v2/agentcanvas/:id', permission: 'agentflows:view', element: <AgentCanvasPage /> },
  { path: '/marketplace/:id', permission: TEMPLATES, element: <MarketplacePreviewPage v2={false} /> },
  { path: '/v2/marketplace/:id', permission: TEMPLATES, element: <MarketplacePreviewPage v2 /> },
];

/** Public routes: no sign-in. */
export const publicRoutes: AppRoute[] = [
  { path: '/chatbot/:id', element: <ChatbotPage /> },
  { path: '/execution/:id', element: <PublicExecutionPage /> },
];

/** Auth layout (centered): sign-in, first run and status screens. */
export const authRoutes: AppRoute[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signin', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage mode="register" /> },
  { path: '/organization-setup', element: <RegisterPage mode="setup" /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/unauthorized', element: <StatusPage status="unauthorized" /> },
  { path: '/license-expired', element: <StatusPage status="license-expired" /> },
  { path: '/sso-success', element: <SsoSuccessPage /> },
  { path: '*', element: <StatusPage status="not-found" /> },
];

export const DEFAULT_PATH = '/chatflows';

const findRoute = (routes: AppRoute[], pathname: string) =>
  routes.find((r) => r.path !== '*' && matchPath(r.path, pathname));

/** True for the pages a visitor sees without signing in (auth and public layouts). */
export function isVisitorPage(pathname: string): boolean {
  return findRoute([...authRoutes, ...publicRoutes], pathname) !== undefined;
}

/**
 * Starts loading the page chunk of `pathname` (no-op for unknown paths), so that the first screen
 * can render without a loading fallback.
 */
export function preloadPage(pathname: string): Promise<void> {
  const route = findRoute([...mainRoutes, ...canvasRoutes, ...publicRoutes, ...authRoutes], pathname);
  const page: unknown = route && isValidElement(route.element) ? route.element.type : undefined;
  if (typeof page === 'function' && 'preload' in page && typeof page.preload === 'function')
    return (page.preload as () => Promise<void>)();
  return Promise.resolve();
}
