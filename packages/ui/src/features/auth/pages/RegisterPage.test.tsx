import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RULES_MESSAGE } from '@flowloom/shared';
import { jsonBodyOf, urlOf } from '../../../test/fetchCalls';
import { loginResponse } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderWithProviders';
import RegisterPage from './RegisterPage';

afterEach(() => vi.restoreAllMocks());

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
    expect(screen.getByText('name is required')).toBeInTheDocument();
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
