import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RULES_MESSAGE } from '@flowloom/shared';
import { jsonBodyOf, urlOf } from '../../../test/fetchCalls';
import { loginResponse } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderWithProviders';
import { initialSettings } from '../../../app/settingsSlice';
import { signedIn } from '../../../test/fixtures';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

afterEach(() => {
  vi.restoreAllMocks();
  // A test that signs in leaves the session in storage, where the next store would find it.
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSetup() {
  return renderRoutes(
    [
      { path: '/organization-setup', element: <RegisterPage mode="setup" /> },
      { path: '/chatflows', element: <p>chatflows page</p> },
    ],
    { path: '/organization-setup' },
  );
}

describe('first-run setup form', () => {
  it('shows the validation messages of the shared schemas', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderSetup();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RULES_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('registers the owner with {user:{name,email,credential}}, signs in and opens the app', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(201, { id: 'u-1' }))
      .mockResolvedValueOnce(json(200, loginResponse({ isOrganizationAdmin: true })));
    const { store } = renderSetup();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    expect(await screen.findByText('chatflows page')).toBeInTheDocument();
    expect(urlOf(fetch.mock.calls[0]![0])).toMatch(/\/api\/v1\/account\/register$/);
    expect(jsonBodyOf(fetch.mock.calls[0]![1])).toEqual({
      user: { name: 'Ada', email: 'ada@example.com', credential: 'Secret#123' },
    });
    expect(urlOf(fetch.mock.calls[1]![0])).toMatch(/\/api\/v1\/auth\/login$/);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, isGlobal: true });
  });

  it('shows the server message when registration is refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      json(403, { message: 'An account already exists. Sign in, or ask the owner to invite you.' }),
    );
    renderSetup();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    expect(await screen.findByText(/An account already exists/)).toBeInTheDocument();
  });
});

describe('when the owner account exists', () => {
  const settings = { ...initialSettings, loaded: true, resolvedRedirect: '/login' };

  it('says so up front on /register and /organization-setup instead of showing a form', async () => {
    for (const [path, mode] of [
      ['/register', 'register'],
      ['/organization-setup', 'setup'],
    ] as const) {
      const { unmount } = renderRoutes(
        [
          { path, element: <RegisterPage mode={mode} /> },
          { path: '/login', element: <p>login page</p> },
        ],
        { path, preloadedState: { settings } },
      );
      expect(screen.getByText(/already has its owner account/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Name')).toBeNull();
      await userEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
      expect(await screen.findByText('login page')).toBeInTheDocument();
      unmount();
    }
  });

  it('sends a signed-in user from /login to the app', async () => {
    renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/chatflows', element: <p>chatflows page</p> },
      ],
      { path: '/login', preloadedState: { settings, auth: signedIn() } },
    );
    expect(await screen.findByText('chatflows page')).toBeInTheDocument();
  });
});
