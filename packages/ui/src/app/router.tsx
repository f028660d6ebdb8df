import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthLayout } from './layouts/AuthLayout';
import { CanvasLayout } from './layouts/CanvasLayout';
import { MainLayout } from './layouts/MainLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RouteGuard } from './RouteGuard';
import { authRoutes, canvasRoutes, mainRoutes, publicRoutes, type AppRoute } from './routes';

function guarded(route: AppRoute): RouteObject {
  return {
    path: route.path,
    element: (
      <RouteGuard permission={route.permission} feature={route.feature}>
        {route.element}
      </RouteGuard>
    ),
  };
}

/** SPEC §2 routes. Base path empty; the default landing path is /chatflows. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: (
        <RouteGuard>
          <MainLayout />
        </RouteGuard>
      ),
      children: mainRoutes.map(guarded),
    },
    {
      element: (
        <RouteGuard>
          <CanvasLayout />
        </RouteGuard>
      ),
      children: canvasRoutes.map(guarded),
    },
    { element: <PublicLayout />, children: publicRoutes.map(({ path, element }) => ({ path, element })) },
    { element: <AuthLayout />, children: authRoutes.map(({ path, element }) => ({ path, element })) },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
