import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { setupStore, type RootState } from '../app/store';

/** Renders inside the real store, theme, notifications and confirm dialog. */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    ...options
  }: { preloadedState?: Partial<RootState> } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const store = setupStore(preloadedState);
  const result = render(<AppProviders store={store}>{ui}</AppProviders>, options);
  return { store, ...result };
}

/** Renders routes at an address with a memory router. */
export function renderRoutes(
  routes: RouteObject[],
  { path, preloadedState }: { path: string; preloadedState?: Partial<RootState> },
) {
  const store = setupStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, ...result };
}
