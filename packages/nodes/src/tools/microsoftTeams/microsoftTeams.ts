import type { NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { badgeIcon } from '../../utilities/icons.js';
import { actionGroupInputs, actionLabel, groupActionTools, type ActionGroup } from '../action-tools.js';
import { oauth2Api } from '../oauth2-api.js';
import type { ToolHandle } from '../tool.js';
import { CHANNEL_ACTIONS, CHAT_ACTIONS, CHAT_MESSAGE_ACTIONS, type TeamsApi } from './teams-actions.js';

export const MICROSOFT_GRAPH_DEFAULT_URL = 'https://graph.microsoft.com';

type TeamsType = 'channel' | 'chat' | 'chatMessage';

/** The node's Type choices: each has its own actions input (Flowise's names). */
const TYPES: Record<TeamsType, ActionGroup<TeamsApi>> = {
  channel: {
    label: 'Channel',
    input: 'channelActions',
    inputLabel: 'Channel Actions',
    specs: CHANNEL_ACTIONS,
  },
  chat: { label: 'Chat', input: 'chatActions', inputLabel: 'Chat Actions', specs: CHAT_ACTIONS },
  chatMessage: {
    label: 'Chat Message',
    input: 'chatMessageActions',
    inputLabel: 'Chat Message Actions',
    specs: CHAT_MESSAGE_ACTIONS,
  },
};

/**
 * Preset inputs (Flowise's names and labels): `[name, label, type of the node, the actions showing
 * it, extra]`. A preset fills the argument when the model or the Tool node gives none.
 */
type PresetRow = [
  name: string,
  label: string,
  type: TeamsType,
  actions: string[],
  extra?: Partial<NodeParam>,
];

const TEAM_FOR_CHANNEL = 'Id of the team; set it for a channel message, leave it empty for a chat';
const PRESETS: PresetRow[] = [
  ['teamIdListChannels', 'Team ID [List Channels]', 'channel', ['listChannels']],
  [
    'maxResultsListChannels',
    'Max Results [List Channels]',
    'channel',
    ['listChannels'],
    { type: 'number', default: 50 },
  ],
  ['teamIdGetChannel', 'Team ID [Get Channel]', 'channel', ['getChannel']],
  ['channelIdGetChannel', 'Channel ID [Get Channel]', 'channel', ['getChannel']],
  ['teamIdCreateChannel', 'Team ID [Create Channel]', 'channel', ['createChannel']],
  ['displayNameCreateChannel', 'Display Name [Create Channel]', 'channel', ['createChannel']],
  ['descriptionCreateChannel', 'Description [Create Channel]', 'channel', ['createChannel'], { rows: 2 }],
  [
    'membershipTypeCreateChannel',
    'Membership Type [Create Channel]',
    'channel',
    ['createChannel'],
    {
      type: 'options',
      default: 'standard',
      options: [
        { label: 'Standard', name: 'standard' },
        { label: 'Private', name: 'private' },
        { label: 'Shared', name: 'shared' },
      ],
    },
  ],
  ['teamIdUpdateChannel', 'Team ID [Update Channel]', 'channel', ['updateChannel']],
  ['channelIdUpdateChannel', 'Channel ID [Update Channel]', 'channel', ['updateChannel']],
  ['displayNameUpdateChannel', 'Display Name [Update Channel]', 'channel', ['updateChannel']],
  [
    'teamIdDeleteChannel',
    'Team ID [Delete/Archive Channel]',
    'channel',
    ['deleteChannel', 'archiveChannel', 'unarchiveChannel'],
  ],
  [
    'channelIdDeleteChannel',
    'Channel ID [Delete/Archive Channel]',
    'channel',
    ['deleteChannel', 'archiveChannel', 'unarchiveChannel'],
  ],
  [
    'teamIdChannelMembers',
    'Team ID [Channel Members]',
    'channel',
    ['listChannelMembers', 'addChannelMember', 'removeChannelMember'],
  ],
  [
    'channelIdChannelMembers',
    'Channel ID [Channel Members]',
    'channel',
    ['listChannelMembers', 'addChannelMember', 'removeChannelMember'],
  ],
  [
    'userIdChannelMember',
    'User ID [Add/Remove Channel Member]',
    'channel',
    ['addChannelMember', 'removeChannelMember'],
  ],
  ['maxResultsListChats', 'Max Results [List Chats]', 'chat', ['listChats'], { type: 'number', default: 50 }],
  ['chatIdGetChat', 'Chat ID [Get Chat]', 'chat', ['getChat']],
  [
    'chatTypeCreateChat',
    'Chat Type [Create Chat]',
    'chat',
    ['createChat'],
    {
      type: 'options',
      default: 'group',
      options: [
        { label: 'One on One', name: 'oneOnOne' },
        { label: 'Group', name: 'group' },
      ],
    },
  ],
  ['topicCreateChat', 'Topic [Create Chat]', 'chat', ['createChat']],
  [
    'membersCreateChat',
    'Members [Create Chat]',
    'chat',
    ['createChat'],
    { description: 'Comma-separated user ids of the people to chat with' },
  ],
  ['chatIdUpdateChat', 'Chat ID [Update Chat]', 'chat', ['updateChat']],
  ['topicUpdateChat', 'Topic [Update Chat]', 'chat', ['updateChat']],
  ['chatIdDeleteChat', 'Chat ID [Delete Chat]', 'chat', ['deleteChat']],
  [
    'chatIdChatMembers',
    'Chat ID [Chat Members]',
    'chat',
    ['listChatMembers', 'addChatMember', 'removeChatMember'],
  ],
  ['userIdChatMember', 'User ID [Add/Remove Chat Member]', 'chat', ['addChatMember', 'removeChatMember']],
  ['chatIdPinMessage', 'Chat ID [Pin/Unpin Message]', 'chat', ['pinMessage', 'unpinMessage']],
  ['messageIdPinMessage', 'Message ID [Pin/Unpin Message]', 'chat', ['pinMessage', 'unpinMessage']],
  ['chatChannelIdListMessages', 'Chat/Channel ID [List Messages]', 'chatMessage', ['listMessages']],
  [
    'teamIdListMessages',
    'Team ID [List Messages - Channel Only]',
    'chatMessage',
    ['listMessages'],
    { description: TEAM_FOR_CHANNEL },
  ],
  [
    'maxResultsListMessages',
    'Max Results [List Messages]',
    'chatMessage',
    ['listMessages'],
    { type: 'number', default: 50 },
  ],
  ['chatChannelIdGetMessage', 'Chat/Channel ID [Get Message]', 'chatMessage', ['getMessage']],
  [
    'teamIdGetMessage',
    'Team ID [Get Message - Channel Only]',
    'chatMessage',
    ['getMessage'],
    { description: TEAM_FOR_CHANNEL },
  ],
  ['messageIdGetMessage', 'Message ID [Get Message]', 'chatMessage', ['getMessage']],
  ['chatChannelIdSendMessage', 'Chat/Channel ID [Send Message]', 'chatMessage', ['sendMessage']],
  [
    'teamIdSendMessage',
    'Team ID [Send Message - Channel Only]',
    'chatMessage',
    ['sendMessage'],
    { description: TEAM_FOR_CHANNEL },
  ],
  ['messageBodySendMessage', 'Message Body [Send Message]', 'chatMessage', ['sendMessage'], { rows: 4 }],
  [
    'contentTypeSendMessage',
    'Content Type [Send Message]',
    'chatMessage',
    ['sendMessage'],
    {
      type: 'options',
      default: 'text',
      options: [
        { label: 'Text', name: 'text' },
        { label: 'HTML', name: 'html' },
      ],
    },
  ],
  ['chatChannelIdUpdateMessage', 'Chat/Channel ID [Update Message]', 'chatMessage', ['updateMessage']],
  [
    'teamIdUpdateMessage',
    'Team ID [Update Message - Channel Only]',
    'chatMessage',
    ['updateMessage'],
    { description: TEAM_FOR_CHANNEL },
  ],
  ['messageIdUpdateMessage', 'Message ID [Update Message]', 'chatMessage', ['updateMessage']],
  ['chatChannelIdDeleteMessage', 'Chat/Channel ID [Delete Message]', 'chatMessage', ['deleteMessage']],
  [
    'teamIdDeleteMessage',
    'Team ID [Delete Message - Channel Only]',
    'chatMessage',
    ['deleteMessage'],
    { description: TEAM_FOR_CHANNEL },
  ],
  ['messageIdDeleteMessage', 'Message ID [Delete Message]', 'chatMessage', ['deleteMessage']],
  ['chatChannelIdReplyMessage', 'Chat/Channel ID [Reply to Message]', 'chatMessage', ['replyToMessage']],
  [
    'teamIdReplyMessage',
    'Team ID [Reply to Message - Channel Only]',
    'chatMessage',
    ['replyToMessage'],
    { description: TEAM_FOR_CHANNEL },
  ],
  ['messageIdReplyMessage', 'Message ID [Reply to Message]', 'chatMessage', ['replyToMessage']],
  ['replyBodyReplyMessage', 'Reply Body [Reply to Message]', 'chatMessage', ['replyToMessage'], { rows: 3 }],
  [
    'chatChannelIdReaction',
    'Chat/Channel ID [Set/Unset Reaction]',
    'chatMessage',
    ['setReaction', 'unsetReaction'],
  ],
  [
    'teamIdReaction',
    'Team ID [Set/Unset Reaction - Channel Only]',
    'chatMessage',
    ['setReaction', 'unsetReaction'],
    { description: TEAM_FOR_CHANNEL },
  ],
  ['messageIdReaction', 'Message ID [Set/Unset Reaction]', 'chatMessage', ['setReaction', 'unsetReaction']],
  [
    'reactionTypeSetReaction',
    'Reaction Type [Set Reaction]',
    'chatMessage',
    ['setReaction'],
    {
      type: 'options',
      default: 'like',
      options: ['like', 'heart', 'laugh', 'surprised', 'sad', 'angry'].map((name) => ({
        label: actionLabel(name),
        name,
      })),
    },
  ],
];

const inputs: NodeParam[] = [
  ...actionGroupInputs('teamsType', TYPES),
  ...PRESETS.map(([name, label, type, actions, extra]): NodeParam => ({
    label,
    name,
    type: 'string',
    show: { teamsType: [type], [TYPES[type].input]: actions },
    additionalParams: true,
    optional: true,
    ...extra,
  })),
];

/**
 * Microsoft Teams as tools for agents, over Microsoft Graph, acting as the person who signed in to
 * the node's Microsoft Teams OAuth2 credential: one tool per chosen action of the chosen type.
 */
export const microsoftTeams: NodeType = {
  icon: badgeIcon('T', '#5059c9'),
  definition: {
    label: 'Microsoft Teams',
    name: 'microsoftTeams',
    version: 1,
    type: 'MicrosoftTeams',
    category: 'Tools',
    baseClasses: ['MicrosoftTeams', 'Tool'],
    description: 'Work with Teams channels, chats and their messages',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['microsoftTeamsOAuth2'],
    },
    inputs,
  },
  init(ctx): ToolHandle[] {
    // MICROSOFT_GRAPH_BASE_URL lets operators use a proxy (and tests a local fake); the token goes nowhere else.
    const graphUrl = (
      ctx.run.services.providerBaseUrls.microsoftGraph ?? MICROSOFT_GRAPH_DEFAULT_URL
    ).replace(/\/+$/, '');
    return groupActionTools({
      service: 'Microsoft Teams',
      typeInput: 'teamsType',
      groups: TYPES,
      inputs: ctx.inputs,
      api: () => ({
        graphUrl,
        api: oauth2Api(ctx, {
          service: 'Microsoft Teams',
          credentialLabel: 'Microsoft Teams OAuth2',
          baseUrl: graphUrl,
        }),
      }),
    });
  },
};
