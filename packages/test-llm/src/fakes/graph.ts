import { json, startFakeService, type FakeAnswer, type FakeCall, type FakeService } from './fake-http.js';
import { bearerOf } from './oauth-provider.js';

export interface FakeGraphOptions {
  /** Whether an access token is good (default: any token). */
  accepts?: (token: string | undefined) => boolean;
  /** The signed-in user's id (`GET /v1.0/me`; default `user-me`). */
  meId?: string;
}

type Item = Record<string, unknown> & { id: string };

export interface FakeGraph extends FakeService {
  /** Items by collection path under `/v1.0` (`teams/t1/channels`, `chats/c1/messages`…). */
  readonly collections: Map<string, Map<string, Item>>;
  /** Adds an item to a collection (made if missing); answers it. */
  seed(collection: string, item: Record<string, unknown> & { id?: string }): Item;
  /** The next API request answers this status with a Graph error body. */
  failNext(status: number, code: string, message: string): void;
}

/** Actions posted to an item (`…/messages/:id/softDelete`) rather than items created. */
const ITEM_ACTIONS = new Set([
  'archive',
  'unarchive',
  'softDelete',
  'undoSoftDelete',
  'setReaction',
  'unsetReaction',
]);
/** Collections at the root, and those of the signed-in user. */
const ROOT_COLLECTIONS = new Set(['teams', 'chats']);

const graphError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** `users('id')` at the end of an `@odata.bind` address. */
const boundId = (bind: unknown) => /\('([^']*)'\)$/.exec(textOf(bind))?.[1];

/**
 * A Microsoft Graph stand-in on 127.0.0.1 for the Teams endpoints (`/v1.0/…`): a generic store where
 * `POST` to a collection adds an item, `GET` lists it (`{value}`, `$top` honoured) or reads one,
 * `PATCH` merges and `DELETE` removes. A collection exists at the root (`teams`, `chats`) or under an
 * existing item (`teams/t1/channels`, `chats/c1/members`). Items posted with `user@odata.bind` get a
 * `userId`; pinned messages with `message@odata.bind` the message. Item actions: `archive`,
 * `unarchive`, `softDelete`, `undoSoftDelete`, `setReaction`, `unsetReaction`. `GET /me`,
 * `GET /me/chats` (the chats whose members include `me`) and `GET /me/chats/getAllMessages`.
 * Requests need `Authorization: Bearer`; a token `accepts` refuses answers 401.
 */
export async function startFakeGraph(options: FakeGraphOptions = {}): Promise<FakeGraph> {
  const accepts = options.accepts ?? ((token) => token !== undefined);
  const meId = options.meId ?? 'user-me';
  const collections = new Map<string, Map<string, Item>>();
  let counter = 0;
  let failure: FakeAnswer | undefined;

  const collection = (path: string, create = false) => {
    let found = collections.get(path);
    if (!found && create) collections.set(path, (found = new Map<string, Item>()));
    return found;
  };
  const item = (path: string): Item | undefined => {
    const at = path.lastIndexOf('/');
    return at < 0 ? undefined : collections.get(path.slice(0, at))?.get(path.slice(at + 1));
  };
  const collectionMayExist = (path: string) => {
    const at = path.lastIndexOf('/');
    return at < 0 ? ROOT_COLLECTIONS.has(path) : item(path.slice(0, at)) !== undefined;
  };

  function add(path: string, body: Record<string, unknown>): Item {
    const id = typeof body.id === 'string' ? body.id : `${path.split('/').pop()}-${++counter}`;
    const created: Item = { ...body, id, createdDateTime: '2026-06-01T09:00:00Z' };
    const user = boundId(body['user@odata.bind']);
    if (user) created.userId = user;
    if (body['message@odata.bind'])
      created.message = { id: /messages\('([^']*)'\)/.exec(textOf(body['message@odata.bind']))?.[1] };
    collection(path, true)!.set(id, created);
    return created;
  }

  function itemAction(target: Item, action: string, body: Record<string, unknown>): FakeAnswer {
    switch (action) {
      case 'archive':
      case 'unarchive':
        target.isArchived = action === 'archive';
        return { status: 202 };
      case 'softDelete':
      case 'undoSoftDelete':
        target.deletedDateTime = action === 'softDelete' ? '2026-06-01T10:00:00Z' : null;
        return { status: 204 };
      default: {
        const reactions = (target.reactions as { reactionType: string; user: string }[] | undefined) ?? [];
        const kind = textOf(body.reactionType);
        target.reactions =
          action === 'setReaction'
            ? [...reactions, { reactionType: kind, user: meId }]
            : reactions.filter((r) => r.reactionType !== kind);
        return { status: 204 };
      }
    }
  }

  function myChats(): Item[] {
    const chats = [...(collection('chats')?.values() ?? [])];
    return chats.filter((chat) =>
      [...(collection(`chats/${chat.id}/members`)?.values() ?? [])].some((m) => m.userId === meId),
    );
  }

  function route(call: FakeCall): FakeAnswer {
    if (!accepts(bearerOf(call)))
      return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    if (failure) {
      const answer = failure;
      failure = undefined;
      return answer;
    }
    if (!call.path.startsWith('/v1.0/')) return graphError(404, 'BadRequest', `No route ${call.path}`);
    // Ids arrive percent-encoded (`19%3Aabc%40thread.tacv2`); the store keeps them as Graph gives them.
    const path = call.path
      .slice('/v1.0/'.length)
      .replace(/\/+$/, '')
      .split('/')
      .map(decodeURIComponent)
      .join('/');
    const body = (call.body ?? {}) as Record<string, unknown>;
    const top = Number(call.query.get('$top') ?? 1000);

    if (path === 'me' && call.method === 'GET') return json(200, { id: meId, displayName: 'Me' });
    if (path === 'me/chats' && call.method === 'GET') return json(200, { value: myChats().slice(0, top) });
    if (path === 'me/chats/getAllMessages' && call.method === 'GET') {
      const all = myChats().flatMap((chat) => [...(collection(`chats/${chat.id}/messages`)?.values() ?? [])]);
      return json(200, { value: all.slice(0, top) });
    }

    const at = path.lastIndexOf('/');
    const action = path.slice(at + 1);
    if (call.method === 'POST' && ITEM_ACTIONS.has(action)) {
      const target = item(path.slice(0, at));
      return target ? itemAction(target, action, body) : graphError(404, 'NotFound', 'Item not found');
    }
    const existing = collection(path);
    if (call.method === 'GET' && existing) return json(200, { value: [...existing.values()].slice(0, top) });
    if (call.method === 'POST') {
      if (!existing && !collectionMayExist(path)) return graphError(404, 'NotFound', `No collection ${path}`);
      if (path === 'chats') {
        const chat = add('chats', { chatType: body.chatType, topic: body.topic ?? null });
        for (const member of (body.members as Record<string, unknown>[] | undefined) ?? [])
          add(`chats/${chat.id}/members`, member);
        return json(201, chat);
      }
      return json(201, add(path, body));
    }
    const target = item(path);
    if (!target) {
      if (call.method === 'GET' && collectionMayExist(path)) return json(200, { value: [] });
      return graphError(404, 'NotFound', `Item ${path} not found`);
    }
    if (call.method === 'GET') return json(200, target);
    if (call.method === 'PATCH') {
      Object.assign(target, body, { id: target.id });
      return { status: 204 };
    }
    if (call.method === 'DELETE') {
      collection(path.slice(0, at))!.delete(target.id);
      return { status: 204 };
    }
    return graphError(405, 'MethodNotAllowed', `${call.method} is not allowed on ${path}`);
  }

  const service = await startFakeService(route);
  return Object.assign(service, {
    collections,
    seed: (path: string, body: Record<string, unknown>) => add(path, body),
    failNext: (status: number, code: string, message: string) => {
      failure = graphError(status, code, message);
    },
  });
}
