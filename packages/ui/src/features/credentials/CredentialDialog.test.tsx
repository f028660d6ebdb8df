import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CredentialDefinition } from '@flowloom/shared';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CredentialDialog } from './CredentialDialog';

afterEach(() => vi.restoreAllMocks());

const GMAIL: CredentialDefinition = {
  label: 'Gmail OAuth2',
  name: 'gmailOAuth2',
  version: 1,
  oauth2: 'google',
  inputs: [
    {
      label: 'Access Token URL',
      name: 'accessTokenUrl',
      type: 'string',
      default: 'https://oauth2.googleapis.com/token',
    },
    { label: 'Client ID', name: 'clientId', type: 'string' },
    { label: 'Client Secret', name: 'clientSecret', type: 'password' },
    { label: 'Scope', name: 'scope', type: 'string', default: 'gmail.send', hidden: true },
  ],
};
const SIGN_IN_URL = 'https://accounts.google.com/o/oauth2/v2/auth?state=s1';
const saved = {
  id: 'cred-1',
  name: 'Mailbox',
  credentialName: 'gmailOAuth2',
  workspaceId: 'w',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
};

/** A popup window as `window.open` hands it over, and the server the dialog talks to. */
function setUp() {
  const popup = { closed: false, close: vi.fn(), location: { href: '' } };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    if (url.endsWith('/api/v1/credentials') && init?.method === 'POST') return json(saved);
    if (url.endsWith('/oauth2-credential/authorize/cred-1'))
      return json({ success: true, credentialId: 'cred-1', authorizationUrl: SIGN_IN_URL, redirectUri: 'x' });
    if (url.endsWith('/api/v1/credentials/cred-1'))
      return json({ ...saved, plainDataObj: { clientId: 'client', access_token: 'redacted' } });
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  const onSaved = vi.fn();
  renderWithProviders(<CredentialDialog type={GMAIL} onClose={() => undefined} onSaved={onSaved} />);
  return { popup, open, fetch, onSaved };
}

async function fillAndAuthenticate() {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('Credential Name *', 'Mailbox');
  fill('Client ID *', 'client');
  fill('Client Secret *', 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
}

const report = (data: unknown, origin: string, source: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    return Promise.resolve();
  });

describe('credential dialog of an OAuth2 type', () => {
  it('shows the redirect URL and Authenticate, not the hidden scope', () => {
    setUp();
    expect(screen.getByLabelText('OAuth Redirect URL')).toHaveValue(
      `${window.location.origin}/api/v1/oauth2-credential/callback`,
    );
    expect(screen.getByText('Not connected yet')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Scope/)).not.toBeInTheDocument();
  });

  it('saves the form, opens the provider in a popup and believes only the popup’s own report', async () => {
    const { popup, open, fetch, onSaved } = setUp();
    await fillAndAuthenticate();
    expect(open).toHaveBeenCalledWith('', 'flowloom-oauth2', expect.stringContaining('width='));
    await waitFor(() => expect(popup.location.href).toBe(SIGN_IN_URL));
    const created = fetch.mock.calls.find(
      ([url, init]) => urlOf(url).endsWith('/credentials') && init?.method === 'POST',
    )!;
    expect(jsonBodyOf(created[1])).toMatchObject({
      name: 'Mailbox',
      credentialName: 'gmailOAuth2',
      plainDataObj: { clientId: 'client', clientSecret: 'secret', scope: 'gmail.send' },
    });
    const success = {
      type: 'OAUTH2_SUCCESS',
      success: true,
      credentialId: 'cred-1',
      message: 'The credential is connected.',
    };
    // Another site, or another window of this one, cannot claim the sign-in.
    await report(success, 'https://evil.example', popup);
    await report(success, window.location.origin, window);
    expect(screen.getByRole('button', { name: 'Waiting for sign-in…' })).toBeDisabled();
    expect(onSaved).not.toHaveBeenCalled();
    await report(success, window.location.origin, popup);
    expect(await screen.findByText('The credential is connected.')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'cred-1' })));
  });

  it('shows a failed sign-in and lets the person try again', async () => {
    const { popup } = setUp();
    await fillAndAuthenticate();
    await waitFor(() => expect(popup.location.href).toBe(SIGN_IN_URL));
    await report(
      {
        type: 'OAUTH2_ERROR',
        success: false,
        error: 'access_denied',
        message: 'The provider did not sign in (access_denied).',
      },
      window.location.origin,
      popup,
    );
    expect(
      await screen.findByText('Sign-in failed: The provider did not sign in (access_denied).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authenticate' })).toBeEnabled();
  });

  it('does not save or sign in a form with missing fields, and says when pop-ups are blocked', async () => {
    const { popup, fetch, open } = setUp();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText('Client ID is required')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    open.mockReturnValue(null);
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText(/The browser blocked the sign-in window/)).toBeInTheDocument();
  });
});
