/**
 * OAuth2 credentials (Flowise's `/oauth2-credential` routes): a credential of an OAuth2 type holds
 * the client's id and secret; "Authenticate" signs in at the provider, whose callback stores tokens
 * into the credential.
 */

/** Where providers send the browser back after sign-in (registered as the app's redirect URI). */
export const OAUTH2_CALLBACK_PATH = '/api/v1/oauth2-credential/callback';

/**
 * Fields the server writes into an OAuth2 credential after signing in or renewing (Flowise's names).
 * Never accepted from a request, never answered (redacted like every secret).
 */
export const OAUTH2_TOKEN_FIELDS = [
  'access_token',
  'refresh_token',
  'token_type',
  'expires_in',
  'expires_at',
  'granted_scope',
  'token_received_at',
] as const;

/** `POST /api/v1/oauth2-credential/authorize/:credentialId` (Flowise shape). */
export interface OAuth2AuthorizeAnswer {
  success: true;
  message: string;
  credentialId: string;
  /** Open this in a popup: the provider's sign-in page, with a one-time `state`. */
  authorizationUrl: string;
  redirectUri: string;
}

/** `POST /api/v1/oauth2-credential/refresh/:credentialId` (Flowise shape). */
export interface OAuth2RefreshAnswer {
  success: true;
  message: string;
  credentialId: string;
  tokenInfo: { token_type?: string; has_new_refresh_token: boolean; expires_at?: string };
}

/** What the callback page posts to the window that opened it (Flowise's message types). */
export type OAuth2PopupMessage =
  | { type: 'OAUTH2_SUCCESS'; success: true; credentialId: string; message: string }
  | { type: 'OAUTH2_ERROR'; success: false; message: string; error: string };

/** Whether a `message` event's data is the callback page's report. */
export function isOAuth2PopupMessage(data: unknown): data is OAuth2PopupMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, message } = data as Record<string, unknown>;
  return (type === 'OAUTH2_SUCCESS' || type === 'OAUTH2_ERROR') && typeof message === 'string';
}
