import type { CredentialDefinition, NodeParam } from '@flowloom/shared';

/**
 * OAuth2 credential types (Flowise names, fields and scopes). The person enters the app's client id
 * and secret and presses Authenticate; the server stores the tokens of the sign-in into the
 * credential. The secret and tokens go only to the provider the type names: its sign-in URLs may be
 * Google's or Microsoft's only (the server checks them), never an address of the user's choosing.
 */

const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const MICROSOFT_AUTHORIZATION_URL = 'https://login.microsoftonline.com/<tenantId>/oauth2/v2.0/authorize';
const MICROSOFT_TOKEN_URL = 'https://login.microsoftonline.com/<tenantId>/oauth2/v2.0/token';
const SLACK_AUTHORIZATION_URL = 'https://slack.com/oauth/v2_user/authorize';
const SLACK_TOKEN_URL = 'https://slack.com/api/oauth.v2.user.access';

const GMAIL_SCOPES = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.compose',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/gmail.labels',
];

const TEAMS_SCOPES = [
  'openid',
  'offline_access',
  'User.Read',
  'User.ReadWrite.All',
  'Group.ReadWrite.All',
  'Team.ReadBasic.All',
  'Team.Create',
  'TeamMember.ReadWrite.All',
  'Channel.ReadBasic.All',
  'Channel.Create',
  'Channel.Delete.All',
  'ChannelMember.ReadWrite.All',
  'Chat.ReadWrite',
  'Chat.Create',
  'ChatMember.ReadWrite',
  'ChatMessage.Send',
  'ChatMessage.Read',
  'ChannelMessage.Send',
  'ChannelMessage.Read.All',
  'TeamsActivity.Send',
];

/** The user scopes Slack's MCP server asks for (search, history, messages, canvases, people). */
const SLACK_SCOPES = [
  'search:read.public',
  'search:read.private',
  'search:read.mpim',
  'search:read.im',
  'search:read.files',
  'search:read.users',
  'groups:history',
  'mpim:history',
  'im:history',
  'channels:history',
  'chat:write',
  'canvases:read',
  'canvases:write',
  'users:read',
  'users:read.email',
];

const clientFields: NodeParam[] = [
  { label: 'Client ID', name: 'clientId', type: 'string' },
  { label: 'Client Secret', name: 'clientSecret', type: 'password' },
];

function googleFields(scopes: readonly string[]): NodeParam[] {
  return [
    {
      label: 'Authorization URL',
      name: 'authorizationUrl',
      type: 'string',
      default: GOOGLE_AUTHORIZATION_URL,
      description: 'Google’s sign-in page. Only Google’s own address is accepted.',
    },
    {
      label: 'Access Token URL',
      name: 'accessTokenUrl',
      type: 'string',
      default: GOOGLE_TOKEN_URL,
      description: 'Google’s token endpoint, the only place the client secret and tokens are sent.',
    },
    ...clientFields,
    // Asks Google for a refresh token (offline access) on every sign-in.
    {
      label: 'Additional Parameters',
      name: 'additionalParameters',
      type: 'string',
      default: 'access_type=offline&prompt=consent',
      hidden: true,
    },
    { label: 'Scope', name: 'scope', type: 'string', default: scopes.join(' '), hidden: true },
  ];
}

function microsoftFields(scopes: readonly string[]): NodeParam[] {
  const tenantHint =
    'Replace <tenantId> with your Microsoft Entra tenant (directory) id, or with common or organizations.';
  return [
    {
      label: 'Authorization URL',
      name: 'authorizationUrl',
      type: 'string',
      default: MICROSOFT_AUTHORIZATION_URL,
      description: tenantHint,
    },
    {
      label: 'Access Token URL',
      name: 'accessTokenUrl',
      type: 'string',
      default: MICROSOFT_TOKEN_URL,
      description: `${tenantHint} Only Microsoft’s sign-in service is accepted: the client secret and tokens go nowhere else.`,
    },
    ...clientFields,
    { label: 'Scope', name: 'scope', type: 'string', default: scopes.join(' '), hidden: true },
  ];
}

function slackFields(scopes: readonly string[]): NodeParam[] {
  return [
    {
      label: 'Authorization URL',
      name: 'authorizationUrl',
      type: 'string',
      default: SLACK_AUTHORIZATION_URL,
      description: 'Slack’s sign-in page for user tokens. Only Slack’s own address is accepted.',
    },
    {
      label: 'Access Token URL',
      name: 'accessTokenUrl',
      type: 'string',
      default: SLACK_TOKEN_URL,
      description: 'Slack’s token method, the only place the client secret and tokens are sent.',
    },
    ...clientFields,
    {
      label: 'Scope',
      name: 'scope',
      type: 'string',
      default: scopes.join(' '),
      description:
        'Space-separated user scopes. The default is what Slack’s MCP server uses; add them to the app’s User Token Scopes too.',
    },
  ];
}

const SETUP =
  'Register an app with the provider, add this server’s OAuth Redirect URL (shown below) to it, enter its client id and secret, then press Authenticate and sign in.';

export const gmailOAuth2: CredentialDefinition = {
  label: 'Gmail OAuth2',
  name: 'gmailOAuth2',
  version: 1,
  oauth2: 'google',
  description: `Lets the Gmail tool read, draft and send mail and manage labels as the account that signs in. ${SETUP}`,
  inputs: googleFields(GMAIL_SCOPES),
};

export const microsoftTeamsOAuth2: CredentialDefinition = {
  label: 'Microsoft Teams OAuth2',
  name: 'microsoftTeamsOAuth2',
  version: 1,
  oauth2: 'microsoft',
  description: `Lets the Microsoft Teams tool work with channels, chats and messages as the account that signs in. ${SETUP}`,
  inputs: microsoftFields(TEAMS_SCOPES),
};

export const slackOAuth2: CredentialDefinition = {
  label: 'Slack User Token OAuth2',
  name: 'slackOAuth2',
  version: 1,
  oauth2: 'slack',
  description: `Lets the Slack MCP tool search, read and post in Slack as the person who signs in, through Slack’s MCP server. ${SETUP}`,
  inputs: slackFields(SLACK_SCOPES),
};
