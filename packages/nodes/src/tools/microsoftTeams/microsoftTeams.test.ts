import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '@flowloom/test-llm';
import { componentOptions } from '../../agentflow/common/components.js';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { microsoftTeams } from './microsoftTeams.js';

const signal = new AbortController().signal;
let graph: FakeGraph;

beforeAll(async () => {
  graph = await startFakeGraph({ accepts: (token) => token === 'graph-token', meId: 'me-1' });
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.collections.clear();
  graph.calls.length = 0;
  graph.seed('teams', { id: 'team-1', displayName: 'Sales' });
  graph.seed('teams/team-1/channels', { id: '19:general@thread.tacv2', displayName: 'General' });
});

async function tools(inputs: Record<string, unknown>): Promise<Record<string, ToolHandle>> {
  const ctx = nodeContext(microsoftTeams, {
    inputs,
    credential: { clientId: 'id', clientSecret: 's', access_token: 'graph-token' },
    services: { http: plainFetch, providerBaseUrls: { microsoftGraph: graph.url } },
  });
  const built = (await microsoftTeams.init!(ctx)) as ToolHandle[];
  return Object.fromEntries(built.map((t) => [t.name, t]));
}

const call = async (tool: ToolHandle | undefined, args: Record<string, unknown>) =>
  JSON.parse(await tool!.invoke(args, { signal })) as Record<string, unknown>;
const lastCall = () => graph.calls.at(-1)!;
const GENERAL = '19:general@thread.tacv2';
const EVERY_MESSAGE_ACTION = [
  'sendMessage',
  'listMessages',
  'getMessage',
  'updateMessage',
  'replyToMessage',
  'setReaction',
  'unsetReaction',
  'deleteMessage',
  'getAllMessages',
];

describe('Microsoft Teams', () => {
  it('is offered as a tool to v2 Agent and Tool nodes, one tool per chosen action', async () => {
    expect(componentOptions('Tools').map((o) => o.name)).toEqual(
      expect.arrayContaining(['gmail', 'microsoftTeams']),
    );
    const chosen = await tools({ teamsType: 'chat', chatActions: '["listChats","getChat"]' });
    expect(Object.keys(chosen)).toEqual(['list_chats', 'get_chat']);
    await expect(tools({ teamsType: 'chat' })).rejects.toThrow('Microsoft Teams: choose at least one action');
    await expect(tools({})).rejects.toThrow('Microsoft Teams: choose a Type (Channel, Chat, Chat Message)');
  });

  it('works with channels: list, read, create, rename, archive, delete, members', async () => {
    const c = await tools({
      teamsType: 'channel',
      channelActions: [
        'listChannels',
        'getChannel',
        'createChannel',
        'updateChannel',
        'archiveChannel',
        'unarchiveChannel',
        'deleteChannel',
        'listChannelMembers',
        'addChannelMember',
        'removeChannelMember',
      ],
      teamIdListChannels: 'team-1',
    });
    // The team preset on the node fills the argument the model leaves out.
    expect(await call(c.list_channels, {})).toMatchObject({
      channels: [{ displayName: 'General' }],
      count: 1,
    });
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/v1.0/teams/team-1/channels' });
    expect(lastCall().headers.authorization).toBe('Bearer graph-token');
    expect(await call(c.get_channel, { teamId: 'team-1', channelId: GENERAL })).toMatchObject({
      displayName: 'General',
    });
    expect(lastCall().path).toBe('/v1.0/teams/team-1/channels/19%3Ageneral%40thread.tacv2');
    const created = await call(c.create_channel, {
      teamId: 'team-1',
      displayName: 'Deals',
      description: 'Won deals',
    });
    expect(lastCall().body).toEqual({
      displayName: 'Deals',
      membershipType: 'standard',
      description: 'Won deals',
    });
    const id = (created.channel as { id: string }).id;
    await call(c.update_channel, { teamId: 'team-1', channelId: id, displayName: 'Big deals' });
    expect(lastCall()).toMatchObject({ method: 'PATCH', body: { displayName: 'Big deals' } });
    await expect(c.update_channel!.invoke({ teamId: 'team-1', channelId: id }, { signal })).rejects.toThrow(
      'give a new displayName or description',
    );
    await call(c.archive_channel, { teamId: 'team-1', channelId: id });
    expect(graph.collections.get('teams/team-1/channels')!.get(id)!.isArchived).toBe(true);
    await call(c.unarchive_channel, { teamId: 'team-1', channelId: id });
    expect(graph.collections.get('teams/team-1/channels')!.get(id)!.isArchived).toBe(false);

    await call(c.add_channel_member, { teamId: 'team-1', channelId: id, userId: 'user-7' });
    expect(lastCall().body).toMatchObject({
      '@odata.type': '#microsoft.graph.aadUserConversationMember',
      'user@odata.bind': `${graph.url}/v1.0/users('user-7')`,
    });
    expect(await call(c.list_channel_members, { teamId: 'team-1', channelId: id })).toMatchObject({
      members: [{ userId: 'user-7' }],
      count: 1,
    });
    // Graph removes a membership, not a user: the tool looks the membership up first.
    await call(c.remove_channel_member, { teamId: 'team-1', channelId: id, userId: 'user-7' });
    expect(lastCall()).toMatchObject({ method: 'DELETE' });
    expect(lastCall().path).toMatch(new RegExp(`^/v1.0/teams/team-1/channels/${id}/members/members-\\d+$`));
    expect(graph.collections.get(`teams/team-1/channels/${id}/members`)!.size).toBe(0);
    await expect(
      c.remove_channel_member!.invoke({ teamId: 'team-1', channelId: id, userId: 'user-7' }, { signal }),
    ).rejects.toThrow('Microsoft Teams: user user-7 is not a member there');
    await call(c.delete_channel, { teamId: 'team-1', channelId: id });
    expect(graph.collections.get('teams/team-1/channels')!.has(id)).toBe(false);
  });

  it('works with chats: create (with the signed-in person), topic, members, pins', async () => {
    const c = await tools({
      teamsType: 'chat',
      chatActions: [
        'createChat',
        'listChats',
        'getChat',
        'updateChat',
        'listChatMembers',
        'addChatMember',
        'removeChatMember',
        'pinMessage',
        'unpinMessage',
        'deleteChat',
      ],
    });
    const created = await call(c.create_chat, { members: 'user-7, user-8', topic: 'Launch' });
    const chatId = (created.chat as { id: string }).id;
    expect(lastCall().body).toMatchObject({ chatType: 'group', topic: 'Launch' });
    expect(
      (lastCall().body as { members: Record<string, unknown>[] }).members.map((m) => m['user@odata.bind']),
    ).toEqual([
      `${graph.url}/v1.0/users('me-1')`,
      `${graph.url}/v1.0/users('user-7')`,
      `${graph.url}/v1.0/users('user-8')`,
    ]);
    expect(await call(c.list_chats, {})).toMatchObject({
      chats: [{ id: chatId, topic: 'Launch' }],
      count: 1,
    });
    expect(lastCall().query.get('$top')).toBe('50');
    await call(c.update_chat, { chatId, topic: 'Launch day' });
    expect(await call(c.get_chat, { chatId })).toMatchObject({ topic: 'Launch day' });
    await call(c.add_chat_member, { chatId, userId: 'user-9' });
    expect(((await call(c.list_chat_members, { chatId })).members as unknown[]).length).toBe(4);
    await call(c.remove_chat_member, { chatId, userId: 'user-9' });
    expect(((await call(c.list_chat_members, { chatId })).members as unknown[]).length).toBe(3);

    graph.seed(`chats/${chatId}/messages`, {
      id: '1700000000001',
      body: { contentType: 'text', content: 'Hi' },
    });
    await call(c.pin_message, { chatId, messageId: '1700000000001' });
    expect(lastCall().body).toEqual({
      'message@odata.bind': `${graph.url}/v1.0/chats('${chatId}')/messages('1700000000001')`,
    });
    await call(c.unpin_message, { chatId, messageId: '1700000000001' });
    expect(lastCall()).toMatchObject({ method: 'DELETE' });
    expect(graph.collections.get(`chats/${chatId}/pinnedMessages`)!.size).toBe(0);
    await expect(c.unpin_message!.invoke({ chatId, messageId: '1700000000001' }, { signal })).rejects.toThrow(
      'is not pinned in that chat',
    );
    await call(c.delete_chat, { chatId });
    expect(graph.collections.get('chats')!.has(chatId)).toBe(false);
    await expect(c.create_chat!.invoke({ members: ["x') or ('1"] }, { signal })).rejects.toThrow(
      '"members" must be user ids',
    );
  });

  it('works with messages of chats and of channels (when a team is given)', async () => {
    graph.seed('chats', { id: 'chat-1', chatType: 'oneOnOne' });
    graph.seed('chats/chat-1/members', { userId: 'me-1' });
    const m = await tools({
      teamsType: 'chatMessage',
      chatMessageActions: EVERY_MESSAGE_ACTION,
      // Workplace Chat posts to one channel: the channel is set on the node, the text comes from the flow.
      teamIdSendMessage: 'team-1',
      chatChannelIdSendMessage: GENERAL,
    });
    const sent = await call(m.send_message, { messageBody: '<p>Deal <b>won</b></p>', contentType: 'html' });
    expect(sent).toMatchObject({ success: true, context: 'channel', message: { text: 'Deal won' } });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/v1.0/teams/team-1/channels/19%3Ageneral%40thread.tacv2/messages',
      body: { body: { contentType: 'html', content: '<p>Deal <b>won</b></p>' } },
    });
    const channelMessage = (sent.message as { id: string }).id;
    expect(
      await call(m.reply_to_message, {
        teamId: 'team-1',
        chatChannelId: GENERAL,
        messageId: channelMessage,
        replyBody: 'Congrats',
      }),
    ).toMatchObject({
      context: 'channel',
    });
    expect(lastCall().path).toMatch(/\/messages\/messages-\d+\/replies$/);

    // Without a team the same tools work in a chat.
    const inChat = await tools({
      teamsType: 'chatMessage',
      chatMessageActions: EVERY_MESSAGE_ACTION,
    });
    const posted = await call(inChat.send_message, { chatChannelId: 'chat-1', messageBody: 'Lunch?' });
    expect(lastCall().path).toBe('/v1.0/chats/chat-1/messages');
    const id = (posted.message as { id: string }).id;
    expect(await call(inChat.list_messages, { chatChannelId: 'chat-1', maxResults: 5 })).toMatchObject({
      messages: [{ id, text: 'Lunch?' }],
      context: 'chat',
    });
    expect(await call(inChat.get_message, { chatChannelId: 'chat-1', messageId: id })).toMatchObject({
      message: { id, text: 'Lunch?' },
    });
    await call(inChat.update_message, { chatChannelId: 'chat-1', messageId: id, messageBody: 'Lunch at 1?' });
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      body: { body: { contentType: 'text', content: 'Lunch at 1?' } },
    });
    await call(inChat.reply_to_message, { chatChannelId: 'chat-1', messageId: id, replyBody: 'Yes' });
    expect(lastCall().path).toBe('/v1.0/chats/chat-1/messages');
    await call(inChat.set_reaction, { chatChannelId: 'chat-1', messageId: id, reactionType: 'heart' });
    expect(lastCall()).toMatchObject({
      path: `/v1.0/chats/chat-1/messages/${id}/setReaction`,
      body: { reactionType: 'heart' },
    });
    await call(inChat.unset_reaction, { chatChannelId: 'chat-1', messageId: id, reactionType: 'heart' });
    await call(inChat.delete_message, { chatChannelId: 'chat-1', messageId: id });
    expect(lastCall().path).toBe(`/v1.0/chats/chat-1/messages/${id}/softDelete`);
    expect(((await call(inChat.get_all_messages, { maxResults: 10 })).messages as unknown[]).length).toBe(2);
    await expect(
      inChat.set_reaction!.invoke(
        { chatChannelId: 'chat-1', messageId: id, reactionType: 'wink' },
        { signal },
      ),
    ).rejects.toThrow('"reactionType" must be one of like, heart, laugh, surprised, sad, angry');
  });

  it('explains Graph refusals', async () => {
    const c = await tools({ teamsType: 'channel', channelActions: ['deleteChannel'] });
    graph.failNext(403, 'Forbidden', 'Missing role permissions on the request.');
    await expect(
      c.delete_channel!.invoke({ teamId: 'team-1', channelId: GENERAL }, { signal }),
    ).rejects.toThrow(
      'Microsoft Teams refused the request (HTTP 403 Forbidden): Missing role permissions on the request. The signed-in account, or the scopes it granted, do not allow this; press Authenticate on the Microsoft Teams OAuth2 credential to grant them again.',
    );
    await expect(
      c.delete_channel!.invoke({ teamId: 'team-2', channelId: GENERAL }, { signal }),
    ).rejects.toThrow(/^Microsoft Teams found no such item \(HTTP 404 Not Found\)/);
  });
});
