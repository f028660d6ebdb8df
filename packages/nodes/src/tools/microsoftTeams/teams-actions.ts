import { htmlText } from '../../document-loaders/readers/html.js';
import { idArg, jsonAnswer, type ActionArgs, type ActionSpec, type ArgSpec } from '../action-tools.js';
import type { OAuth2Api } from '../oauth2-api.js';

/** Microsoft Teams' actions as separate tools (Flowise's option and function names), over Microsoft Graph. */

/** The Graph client and where Graph lives (user references name it). */
export interface TeamsApi {
  api: OAuth2Api;
  graphUrl: string;
}
type TeamsAction = ActionSpec<TeamsApi>;

const V1 = '/v1.0';
const seg = (value: string) => encodeURIComponent(value);
const answer = jsonAnswer;
const done = (message: string, details: Record<string, unknown>) =>
  answer({ success: true, message, ...details });

const teamId = idArg('Id of the team');
const channelId = idArg('Id of the channel');
const chatId = idArg('Id of the chat');
const userId = idArg('Id of the user (Microsoft Entra object id)');
const messageId = idArg('Id of the message');
const chatChannelId = idArg('Id of the chat, or of the channel when teamId is given');
const optionalTeamId = idArg('Id of the team: give it for a channel message, leave it out for a chat', false);
const maxResults: ArgSpec = { type: 'number', min: 1, max: 50, description: 'How many to list (1 to 50)' };
const messageText = (description: string, required = true): ArgSpec => ({
  type: 'text',
  maxLength: 28_000,
  multiline: true,
  description,
  required,
});
const contentType: ArgSpec = {
  type: 'choice',
  values: ['text', 'html'],
  description: 'Whether the text is plain text or HTML (default text)',
};
const reactionType: ArgSpec = {
  type: 'choice',
  values: ['like', 'heart', 'laugh', 'surprised', 'sad', 'angry'],
  description: 'The reaction (default like)',
};

/** A list of Graph's `{value}` answer, at most `max` items. */
function listed(result: unknown, max: number): unknown[] {
  const value = (result as { value?: unknown } | undefined)?.value;
  return Array.isArray(value) ? value.slice(0, max) : [];
}

/** A Teams message as the model reads it: who, when, and its text (HTML turned to text). */
async function messageView(message: unknown): Promise<Record<string, unknown>> {
  const m = (message ?? {}) as Record<string, unknown>;
  const body = (m.body ?? {}) as { content?: unknown; contentType?: unknown };
  const content = typeof body.content === 'string' ? body.content : '';
  const from = (m.from as { user?: { displayName?: unknown; id?: unknown } } | null | undefined)?.user;
  const view: Record<string, unknown> = {
    id: m.id,
    replyToId: m.replyToId ?? undefined,
    createdDateTime: m.createdDateTime,
    lastModifiedDateTime: m.lastModifiedDateTime ?? undefined,
    deletedDateTime: m.deletedDateTime ?? undefined,
    from: from ? { displayName: from.displayName, id: from.id } : undefined,
    subject: m.subject ?? undefined,
    text: body.contentType === 'html' ? (await htmlText(content)).text : content,
    reactions: Array.isArray(m.reactions) && m.reactions.length > 0 ? m.reactions : undefined,
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
}

/** Where a message lives: in a channel of a team when `teamId` is given, else in a chat. */
function messagesPath(args: ActionArgs): { path: string; context: 'channel' | 'chat' } {
  const team = args.optionalText('teamId');
  const place = seg(args.text('chatChannelId'));
  return team
    ? { path: `${V1}/teams/${seg(team)}/channels/${place}/messages`, context: 'channel' }
    : { path: `${V1}/chats/${place}/messages`, context: 'chat' };
}

const channelPath = (args: ActionArgs) =>
  `${V1}/teams/${seg(args.text('teamId'))}/channels/${seg(args.text('channelId'))}`;
const userBinding = (graphUrl: string, id: string) => `${graphUrl}${V1}/users('${id}')`;
const member = (graphUrl: string, id: string) => ({
  '@odata.type': '#microsoft.graph.aadUserConversationMember',
  roles: [],
  'user@odata.bind': userBinding(graphUrl, id),
});

/** The membership id of a user in a channel or chat (Graph removes members by membership, not user). */
async function membershipOf(
  api: OAuth2Api,
  membersPath: string,
  user: string,
  signal: AbortSignal,
): Promise<string> {
  const members = listed(await api.request('GET', membersPath, { signal }), Number.POSITIVE_INFINITY) as {
    id?: string;
    userId?: string;
  }[];
  const found = members.find((m) => m.userId === user);
  if (!found?.id) throw new Error(`Microsoft Teams: user ${user} is not a member there`);
  return found.id;
}

/** Channel actions that only name the channel: delete, archive, unarchive. */
function channelStep(
  action: string,
  name: string,
  description: string,
  step: 'delete' | 'archive' | 'unarchive',
): TeamsAction {
  return {
    action,
    name,
    description,
    args: { teamId, channelId },
    presets: { teamId: 'teamIdDeleteChannel', channelId: 'channelIdDeleteChannel' },
    run: async (args, { api }, signal) => {
      if (step === 'delete') await api.request('DELETE', channelPath(args), { signal });
      else await api.request('POST', `${channelPath(args)}/${step}`, { body: {}, signal });
      return done(`Channel ${args.text('channelId')} ${step === 'delete' ? 'deleted' : `${step}d`}`, {
        channelId: args.text('channelId'),
        teamId: args.text('teamId'),
      });
    },
  };
}

const memberPresets = {
  teamId: 'teamIdChannelMembers',
  channelId: 'channelIdChannelMembers',
  userId: 'userIdChannelMember',
};
const chatMemberPresets = { chatId: 'chatIdChatMembers', userId: 'userIdChatMember' };

export const CHANNEL_ACTIONS: readonly TeamsAction[] = [
  {
    action: 'listChannels',
    name: 'list_channels',
    description: 'Lists the channels of a team',
    args: { teamId, maxResults },
    presets: { teamId: 'teamIdListChannels', maxResults: 'maxResultsListChannels' },
    run: async (args, { api }, signal) => {
      const all = listed(
        await api.request('GET', `${V1}/teams/${seg(args.text('teamId'))}/channels`, { signal }),
        1000,
      );
      const channels = all.slice(0, args.number('maxResults') ?? 50);
      return answer({ channels, count: channels.length, total: all.length });
    },
  },
  {
    action: 'getChannel',
    name: 'get_channel',
    description: 'Reads a channel of a team',
    args: { teamId, channelId },
    presets: { teamId: 'teamIdGetChannel', channelId: 'channelIdGetChannel' },
    run: async (args, { api }, signal) => answer(await api.request('GET', channelPath(args), { signal })),
  },
  {
    action: 'createChannel',
    name: 'create_channel',
    description: 'Makes a new channel in a team',
    args: {
      teamId,
      displayName: { type: 'text', maxLength: 50, description: 'Name of the channel', required: true },
      description: { type: 'text', maxLength: 1024, multiline: true, description: 'What the channel is for' },
      membershipType: {
        type: 'choice',
        values: ['standard', 'private', 'shared'],
        description: 'Who may see it (default standard: the whole team)',
      },
    },
    presets: {
      teamId: 'teamIdCreateChannel',
      displayName: 'displayNameCreateChannel',
      description: 'descriptionCreateChannel',
      membershipType: 'membershipTypeCreateChannel',
    },
    run: async (args, { api }, signal) => {
      const description = args.optionalText('description');
      const channel = await api.request('POST', `${V1}/teams/${seg(args.text('teamId'))}/channels`, {
        body: {
          displayName: args.text('displayName'),
          membershipType: args.optionalText('membershipType') ?? 'standard',
          ...(description && { description }),
        },
        signal,
      });
      return done('Channel created', { channel });
    },
  },
  {
    action: 'updateChannel',
    name: 'update_channel',
    description: 'Renames a channel or changes its description',
    args: {
      teamId,
      channelId,
      displayName: { type: 'text', maxLength: 50, description: 'New name of the channel' },
      description: { type: 'text', maxLength: 1024, multiline: true, description: 'New description' },
    },
    presets: {
      teamId: 'teamIdUpdateChannel',
      channelId: 'channelIdUpdateChannel',
      displayName: 'displayNameUpdateChannel',
    },
    run: async (args, { api }, signal) => {
      const changes = {
        ...(args.optionalText('displayName') && { displayName: args.optionalText('displayName') }),
        ...(args.optionalText('description') && { description: args.optionalText('description') }),
      };
      if (Object.keys(changes).length === 0)
        throw new Error('Microsoft Teams update_channel: give a new displayName or description');
      await api.request('PATCH', channelPath(args), { body: changes, signal });
      return done(`Channel ${args.text('channelId')} updated`, { changes });
    },
  },
  channelStep('deleteChannel', 'delete_channel', 'Deletes a channel of a team', 'delete'),
  channelStep(
    'archiveChannel',
    'archive_channel',
    'Archives a channel (read-only until unarchived)',
    'archive',
  ),
  channelStep(
    'unarchiveChannel',
    'unarchive_channel',
    'Makes an archived channel writable again',
    'unarchive',
  ),
  {
    action: 'listChannelMembers',
    name: 'list_channel_members',
    description: 'Lists the members of a channel',
    args: { teamId, channelId },
    presets: memberPresets,
    run: async (args, { api }, signal) => {
      const members = listed(await api.request('GET', `${channelPath(args)}/members`, { signal }), 1000);
      return answer({ members, count: members.length });
    },
  },
  {
    action: 'addChannelMember',
    name: 'add_channel_member',
    description: 'Adds a person to a channel (private and shared channels)',
    args: { teamId, channelId, userId },
    presets: memberPresets,
    run: async (args, { api, graphUrl }, signal) => {
      await api.request('POST', `${channelPath(args)}/members`, {
        body: member(graphUrl, args.text('userId')),
        signal,
      });
      return done(`User ${args.text('userId')} added to the channel`, { channelId: args.text('channelId') });
    },
  },
  {
    action: 'removeChannelMember',
    name: 'remove_channel_member',
    description: 'Removes a person from a channel',
    args: { teamId, channelId, userId },
    presets: memberPresets,
    run: async (args, { api }, signal) => {
      const members = `${channelPath(args)}/members`;
      const membership = await membershipOf(api, members, args.text('userId'), signal);
      await api.request('DELETE', `${members}/${seg(membership)}`, { signal });
      return done(`User ${args.text('userId')} removed from the channel`, {
        channelId: args.text('channelId'),
      });
    },
  },
];

const chatPath = (args: ActionArgs) => `${V1}/chats/${seg(args.text('chatId'))}`;

export const CHAT_ACTIONS: readonly TeamsAction[] = [
  {
    action: 'listChats',
    name: 'list_chats',
    description: 'Lists the chats of the signed-in person',
    args: { maxResults },
    presets: { maxResults: 'maxResultsListChats' },
    run: async (args, { api }, signal) => {
      const max = args.number('maxResults') ?? 50;
      const chats = listed(await api.request('GET', `${V1}/me/chats`, { query: { $top: max }, signal }), max);
      return answer({ chats, count: chats.length });
    },
  },
  {
    action: 'getChat',
    name: 'get_chat',
    description: 'Reads a chat: its type, topic and dates',
    args: { chatId },
    presets: { chatId: 'chatIdGetChat' },
    run: async (args, { api }, signal) => answer(await api.request('GET', chatPath(args), { signal })),
  },
  {
    action: 'createChat',
    name: 'create_chat',
    description: 'Starts a chat with people (one on one, or a group with a topic)',
    args: {
      chatType: {
        type: 'choice',
        values: ['oneOnOne', 'group'],
        description: 'One on one or group (default group)',
      },
      topic: { type: 'text', maxLength: 250, description: 'Topic of a group chat' },
      members: {
        type: 'list',
        maxItems: 250,
        description: 'User ids of the people to chat with',
        required: true,
      },
    },
    presets: { chatType: 'chatTypeCreateChat', topic: 'topicCreateChat', members: 'membersCreateChat' },
    run: async (args, { api, graphUrl }, signal) => {
      const chatType = args.optionalText('chatType') ?? 'group';
      // Graph wants the signed-in person among the members of a chat they create.
      const me = (await api.request('GET', `${V1}/me`, { query: { $select: 'id' }, signal })) as {
        id?: unknown;
      };
      const ids = args.list('members');
      if (typeof me?.id === 'string' && !ids.includes(me.id)) ids.unshift(me.id);
      if (ids.some((id) => !/^[\w-]+$/.test(id)))
        throw new Error('Microsoft Teams create_chat: "members" must be user ids (letters, digits, - and _)');
      const topic = args.optionalText('topic');
      const chat = await api.request('POST', `${V1}/chats`, {
        body: {
          chatType,
          members: ids.map((id) => ({ ...member(graphUrl, id), roles: ['owner'] })),
          ...(topic && chatType === 'group' && { topic }),
        },
        signal,
      });
      return done('Chat created', { chat });
    },
  },
  {
    action: 'updateChat',
    name: 'update_chat',
    description: 'Changes the topic of a group chat',
    args: { chatId, topic: { type: 'text', maxLength: 250, description: 'New topic', required: true } },
    presets: { chatId: 'chatIdUpdateChat', topic: 'topicUpdateChat' },
    run: async (args, { api }, signal) => {
      await api.request('PATCH', chatPath(args), { body: { topic: args.text('topic') }, signal });
      return done(`Chat ${args.text('chatId')} updated`, { topic: args.text('topic') });
    },
  },
  {
    action: 'deleteChat',
    name: 'delete_chat',
    description: 'Deletes a chat',
    args: { chatId },
    presets: { chatId: 'chatIdDeleteChat' },
    run: async (args, { api }, signal) => {
      await api.request('DELETE', chatPath(args), { signal });
      return done(`Chat ${args.text('chatId')} deleted`, {});
    },
  },
  {
    action: 'listChatMembers',
    name: 'list_chat_members',
    description: 'Lists the members of a chat',
    args: { chatId },
    presets: chatMemberPresets,
    run: async (args, { api }, signal) => {
      const members = listed(await api.request('GET', `${chatPath(args)}/members`, { signal }), 1000);
      return answer({ members, count: members.length });
    },
  },
  {
    action: 'addChatMember',
    name: 'add_chat_member',
    description: 'Adds a person to a group chat',
    args: { chatId, userId },
    presets: chatMemberPresets,
    run: async (args, { api, graphUrl }, signal) => {
      await api.request('POST', `${chatPath(args)}/members`, {
        body: member(graphUrl, args.text('userId')),
        signal,
      });
      return done(`User ${args.text('userId')} added to the chat`, { chatId: args.text('chatId') });
    },
  },
  {
    action: 'removeChatMember',
    name: 'remove_chat_member',
    description: 'Removes a person from a group chat',
    args: { chatId, userId },
    presets: chatMemberPresets,
    run: async (args, { api }, signal) => {
      const members = `${chatPath(args)}/members`;
      const membership = await membershipOf(api, members, args.text('userId'), signal);
      await api.request('DELETE', `${members}/${seg(membership)}`, { signal });
      return done(`User ${args.text('userId')} removed from the chat`, { chatId: args.text('chatId') });
    },
  },
  {
    action: 'pinMessage',
    name: 'pin_message',
    description: 'Pins a message at the top of a chat',
    args: { chatId, messageId },
    presets: { chatId: 'chatIdPinMessage', messageId: 'messageIdPinMessage' },
    run: async (args, { api, graphUrl }, signal) => {
      const chat = args.text('chatId');
      await api.request('POST', `${chatPath(args)}/pinnedMessages`, {
        body: {
          'message@odata.bind': `${graphUrl}${V1}/chats('${chat}')/messages('${args.text('messageId')}')`,
        },
        signal,
      });
      return done(`Message ${args.text('messageId')} pinned`, { chatId: chat });
    },
  },
  {
    action: 'unpinMessage',
    name: 'unpin_message',
    description: 'Unpins a pinned message of a chat',
    args: { chatId, messageId },
    presets: { chatId: 'chatIdPinMessage', messageId: 'messageIdPinMessage' },
    run: async (args, { api }, signal) => {
      const pinned = listed(
        await api.request('GET', `${chatPath(args)}/pinnedMessages`, {
          query: { $expand: 'message' },
          signal,
        }),
        1000,
      ) as { id?: string; message?: { id?: string } }[];
      const found = pinned.find((p) => p.message?.id === args.text('messageId'));
      if (!found?.id)
        throw new Error(`Microsoft Teams: message ${args.text('messageId')} is not pinned in that chat`);
      await api.request('DELETE', `${chatPath(args)}/pinnedMessages/${seg(found.id)}`, { signal });
      return done(`Message ${args.text('messageId')} unpinned`, { chatId: args.text('chatId') });
    },
  },
];

/** Message actions that post to the message itself: delete (soft), set and unset a reaction. */
function messageStep(
  action: string,
  name: string,
  description: string,
  step: 'softDelete' | 'setReaction' | 'unsetReaction',
  presets: Record<string, string>,
): TeamsAction {
  return {
    action,
    name,
    description,
    args: {
      chatChannelId,
      teamId: optionalTeamId,
      messageId,
      ...(step !== 'softDelete' && { reactionType }),
    },
    presets,
    run: async (args, { api }, signal) => {
      const { path, context } = messagesPath(args);
      const reaction = args.optionalText('reactionType') ?? 'like';
      await api.request('POST', `${path}/${seg(args.text('messageId'))}/${step}`, {
        body: step === 'softDelete' ? {} : { reactionType: reaction },
        signal,
      });
      const what =
        step === 'softDelete'
          ? 'deleted'
          : step === 'setReaction'
            ? `given the reaction ${reaction}`
            : `no longer has the reaction ${reaction}`;
      return done(`Message ${args.text('messageId')} ${what}`, { context });
    },
  };
}

const reactionPresets = {
  chatChannelId: 'chatChannelIdReaction',
  teamId: 'teamIdReaction',
  messageId: 'messageIdReaction',
  reactionType: 'reactionTypeSetReaction',
};

export const CHAT_MESSAGE_ACTIONS: readonly TeamsAction[] = [
  {
    action: 'listMessages',
    name: 'list_messages',
    description: 'Lists the latest messages of a chat, or of a channel when teamId is given',
    args: { chatChannelId, teamId: optionalTeamId, maxResults },
    presets: {
      chatChannelId: 'chatChannelIdListMessages',
      teamId: 'teamIdListMessages',
      maxResults: 'maxResultsListMessages',
    },
    run: async (args, { api }, signal) => {
      const { path, context } = messagesPath(args);
      const max = args.number('maxResults') ?? 50;
      const messages = await Promise.all(
        listed(await api.request('GET', path, { query: { $top: max }, signal }), max).map(messageView),
      );
      return answer({ messages, count: messages.length, context });
    },
  },
  {
    action: 'getMessage',
    name: 'get_message',
    description: 'Reads one message of a chat, or of a channel when teamId is given',
    args: { chatChannelId, teamId: optionalTeamId, messageId },
    presets: {
      chatChannelId: 'chatChannelIdGetMessage',
      teamId: 'teamIdGetMessage',
      messageId: 'messageIdGetMessage',
    },
    run: async (args, { api }, signal) => {
      const { path, context } = messagesPath(args);
      const message = await api.request('GET', `${path}/${seg(args.text('messageId'))}`, { signal });
      return answer({ message: await messageView(message), context });
    },
  },
  {
    action: 'sendMessage',
    name: 'send_message',
    description: 'Posts a message in a chat, or in a channel when teamId is given',
    args: {
      chatChannelId,
      teamId: optionalTeamId,
      messageBody: messageText('Text of the message'),
      contentType,
    },
    presets: {
      chatChannelId: 'chatChannelIdSendMessage',
      teamId: 'teamIdSendMessage',
      messageBody: 'messageBodySendMessage',
      contentType: 'contentTypeSendMessage',
    },
    run: async (args, { api }, signal) => {
      const { path, context } = messagesPath(args);
      const message = await api.request('POST', path, {
        body: {
          body: {
            contentType: args.optionalText('contentType') ?? 'text',
            content: args.text('messageBody'),
          },
        },
        signal,
      });
      return done('Message sent', { message: await messageView(message), context });
    },
  },
  {
    action: 'updateMessage',
    name: 'update_message',
    description: 'Changes the text of a message the signed-in person sent',
    args: {
      chatChannelId,
      teamId: optionalTeamId,
      messageId,
      messageBody: messageText('New text of the message'),
      contentType,
    },
    presets: {
      chatChannelId: 'chatChannelIdUpdateMessage',
      teamId: 'teamIdUpdateMessage',
      messageId: 'messageIdUpdateMessage',
    },
    run: async (args, { api }, signal) => {
      const { path, context } = messagesPath(args);
      await api.request('PATCH', `${path}/${seg(args.text('messageId'))}`, {
        body: {
          body: {
            contentType: args.optionalText('contentType') ?? 'text',
            content: args.text('messageBody'),
          },
        },
        signal,
      });
      return done(`Message ${args.text('messageId')} updated`, { context });
    },
  },
  messageStep(
    'deleteMessage',
    'delete_message',
    'Deletes a message the signed-in person sent',
    'softDelete',
    {
      chatChannelId: 'chatChannelIdDeleteMessage',
      teamId: 'teamIdDeleteMessage',
      messageId: 'messageIdDeleteMessage',
    },
  ),
  {
    action: 'replyToMessage',
    name: 'reply_to_message',
    description:
      'Replies to a channel message in its thread (give teamId); in a chat, which has no threads, the reply is posted to the chat',
    args: {
      chatChannelId,
      teamId: optionalTeamId,
      messageId,
      replyBody: messageText('Text of the reply'),
      contentType,
    },
    presets: {
      chatChannelId: 'chatChannelIdReplyMessage',
      teamId: 'teamIdReplyMessage',
      messageId: 'messageIdReplyMessage',
      replyBody: 'replyBodyReplyMessage',
    },
    run: async (args, { api }, signal) => {
      const { path, context } = messagesPath(args);
      const target = context === 'channel' ? `${path}/${seg(args.text('messageId'))}/replies` : path;
      const message = await api.request('POST', target, {
        body: {
          body: { contentType: args.optionalText('contentType') ?? 'text', content: args.text('replyBody') },
        },
        signal,
      });
      return done('Reply sent', { message: await messageView(message), context });
    },
  },
  messageStep('setReaction', 'set_reaction', 'Reacts to a message', 'setReaction', reactionPresets),
  messageStep(
    'unsetReaction',
    'unset_reaction',
    'Takes back a reaction to a message',
    'unsetReaction',
    reactionPresets,
  ),
  {
    action: 'getAllMessages',
    name: 'get_all_messages',
    description: 'Lists recent messages across all chats of the signed-in person',
    args: { maxResults },
    run: async (args, { api }, signal) => {
      const max = args.number('maxResults') ?? 50;
      const messages = await Promise.all(
        listed(
          await api.request('GET', `${V1}/me/chats/getAllMessages`, { query: { $top: max }, signal }),
          max,
        ).map(messageView),
      );
      return answer({ messages, count: messages.length });
    },
  },
];
