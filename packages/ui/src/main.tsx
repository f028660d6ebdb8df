import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoginResponse } from '@flowloom/shared';
import { configureApi } from './api/api';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/router';
import { setupStore } from './app/store';
import { logoutSuccess, tokenRefreshed } from './features/auth/authSlice';

const store = setupStore();
const router = createAppRouter();

configureApi({
  navigate: (to) => void router.navigate(to),
  currentPath: () => router.state.location.pathname,
  clearAuth: () => store.dispatch(logoutSuccess()),
  onRefreshed: (data) => store.dispatch(tokenRefreshed(data as unknown as LoginResponse)),
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <App router={router} />
    </AppProviders>
  </StrictMode>,
);
