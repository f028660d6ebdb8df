import { idArg, jsonAnswer, type ActionArgs, type ActionSpec, type ArgSpec } from '../action-tools.js';
import type { OAuth2Api } from '../oauth2-api.js';
import { messageView, rawMessage } from './gmail-mail.js';

/** Gmail's actions as separate tools (Flowise's option and function names), in the node's four groups. */

const MAILBOX = '/gmail/v1/users/me';

const ADDRESSES = {
  regex: /^[^,]*@[^,]*(,[^,]*@[^,]*)*$/,
  message: 'must be e-mail addresses separated by commas',
};
const addresses = (description: string, required = false): ArgSpec => ({
  type: 'text',
  maxLength: 4_000,
  pattern: ADDRESSES,
  description,
  required,
});
const subject: ArgSpec = { type: 'text', maxLength: 1_000, description: 'Subject line' };
const body: ArgSpec = {
  type: 'text',
  maxLength: 100_000,
  multiline: true,
  description: 'Body of the mail: plain text, or HTML',
};
const maxResults: ArgSpec = { type: 'number', min: 1, max: 500, description: 'How many to list (1 to 500)' };
const query: ArgSpec = {
  type: 'text',
  maxLength: 1_000,
  description: 'Gmail search, e.g. "is:unread from:ann@example.com"',
};
const labelIds = (description: string): ArgSpec => ({ type: 'list', maxItems: 100, description });
const labelName: ArgSpec = { type: 'text', maxLength: 225, description: 'Name of the label' };
const labelColor: ArgSpec = {
  type: 'text',
  maxLength: 7,
  pattern: { regex: /^#[0-9a-fA-F]{6}$/, message: 'must be a colour like #4a86e8' },
  description: "Background colour of the label, #rrggbb from Gmail's palette",
};

const mailArgs = (toRequired: boolean) => ({
  to: addresses('Recipients, comma-separated', toRequired),
  subject,
  body,
  cc: addresses('Copy recipients, comma-separated'),
  bcc: addresses('Blind-copy recipients, comma-separated'),
});

/** Compact JSON for the model, cut to what it may read. */
const answer = jsonAnswer;
const id = (args: ActionArgs) => encodeURIComponent(args.text('id'));
const outgoing = (args: ActionArgs) => ({
  to: args.text('to'),
  subject: args.optionalText('subject'),
  body: args.optionalText('body'),
  cc: args.optionalText('cc'),
  bcc: args.optionalText('bcc'),
});

function labelChanges(args: ActionArgs): { addLabelIds?: string[]; removeLabelIds?: string[] } {
  const add = args.list('addLabelIds');
  const remove = args.list('removeLabelIds');
  if (add.length === 0 && remove.length === 0)
    throw new Error('Gmail: give labels to add (addLabelIds) or to remove (removeLabelIds)');
  return {
    ...(add.length > 0 && { addLabelIds: add }),
    ...(remove.length > 0 && { removeLabelIds: remove }),
  };
}

function labelBody(args: ActionArgs): Record<string, unknown> {
  const color = args.optionalText('labelColor');
  return {
    ...(args.optionalText('labelName') && { name: args.optionalText('labelName') }),
    // Gmail wants both colours of a label; text in black reads on every colour of its palette.
    ...(color && { color: { backgroundColor: color.toLowerCase(), textColor: '#000000' } }),
  };
}

type GmailAction = ActionSpec<OAuth2Api>;

/** A thread as the model reads it: its id and each mail as {@link messageView} shows it. */
async function threadView(thread: unknown): Promise<Record<string, unknown>> {
  const t = (thread ?? {}) as { id?: unknown; messages?: unknown[] };
  return { id: t.id, messages: await Promise.all((t.messages ?? []).map(messageView)) };
}

/** The four Gmail resources with list/get/trash-style actions share their shapes. */
function listAction(
  action: string,
  name: string,
  what: string,
  presets: Record<string, string>,
): GmailAction {
  return {
    action,
    name,
    description: `Lists ${what} of the Gmail mailbox (ids; get one to read it)`,
    args: { maxResults, query },
    presets,
    run: async (args, api, signal) =>
      answer(
        await api.request('GET', `${MAILBOX}/${what}`, {
          query: { maxResults: args.number('maxResults') ?? 100, q: args.optionalText('query') },
          signal,
        }),
      ),
  };
}

/** Trash and untrash: a POST to the item's own action, answered with the item. */
function moveAction(
  action: string,
  name: string,
  description: string,
  collection: string,
  prefix: string,
): GmailAction {
  const move = action.startsWith('untrash') ? 'untrash' : 'trash';
  return {
    action,
    name,
    description,
    args: { id: idArg('Id of the item') },
    presets: { id: `${prefix}Id` },
    run: async (args, api, signal) => {
      const result = await api.request('POST', `${MAILBOX}/${collection}/${id(args)}/${move}`, { signal });
      return answer(collection === 'threads' ? await threadView(result) : result);
    },
  };
}

/** Reading one item in full (`format=full`), shown to the model through `view`. */
function readAction(
  action: string,
  name: string,
  description: string,
  collection: string,
  prefix: string,
  view: (item: unknown) => Promise<unknown>,
): GmailAction {
  return {
    action,
    name,
    description,
    args: { id: idArg(`Id of the ${prefix}`) },
    presets: { id: `${prefix}Id` },
    run: async (args, api, signal) =>
      answer(
        await view(
          await api.request('GET', `${MAILBOX}/${collection}/${id(args)}`, {
            query: { format: 'full' },
            signal,
          }),
        ),
      ),
  };
}

function deleteAction(
  action: string,
  name: string,
  what: string,
  collection: string,
  idPreset: string,
): GmailAction {
  return {
    action,
    name,
    description: `Deletes a ${what} for good (it does not go to the trash)`,
    args: { id: idArg(`Id of the ${what}`) },
    presets: { id: idPreset },
    run: async (args, api, signal) => {
      await api.request('DELETE', `${MAILBOX}/${collection}/${id(args)}`, { signal });
      return `Deleted ${what} ${args.text('id')}`;
    },
  };
}

function modifyAction(
  action: string,
  name: string,
  what: string,
  collection: string,
  prefix: string,
): GmailAction {
  return {
    action,
    name,
    description: `Adds labels to or removes labels from a ${what} (e.g. remove UNREAD to mark it read)`,
    args: {
      id: idArg(`Id of the ${what}`),
      addLabelIds: labelIds('Label ids to add, e.g. ["STARRED"]'),
      removeLabelIds: labelIds('Label ids to remove, e.g. ["UNREAD"]'),
    },
    presets: {
      id: `${prefix}Id`,
      addLabelIds: `${prefix}AddLabelIds`,
      removeLabelIds: `${prefix}RemoveLabelIds`,
    },
    run: async (args, api, signal) => {
      const result = await api.request('POST', `${MAILBOX}/${collection}/${id(args)}/modify`, {
        body: labelChanges(args),
        signal,
      });
      return answer(collection === 'threads' ? await threadView(result) : result);
    },
  };
}

export const DRAFT_ACTIONS: readonly GmailAction[] = [
  listAction('listDrafts', 'list_drafts', 'drafts', { maxResults: 'draftMaxResults' }),
  {
    action: 'createDraft',
    name: 'create_draft',
    description: 'Writes a draft mail in Gmail (not sent)',
    args: mailArgs(true),
    presets: { to: 'draftTo', subject: 'draftSubject', body: 'draftBody', cc: 'draftCc', bcc: 'draftBcc' },
    run: async (args, api, signal) =>
      answer(
        await api.request('POST', `${MAILBOX}/drafts`, {
          body: { message: { raw: rawMessage(outgoing(args)) } },
          signal,
        }),
      ),
  },
  readAction(
    'getDraft',
    'get_draft',
    'Reads a draft: recipients, subject and text',
    'drafts',
    'draft',
    async (item) => {
      const draft = (item ?? {}) as { id?: unknown; message?: unknown };
      return { id: draft.id, message: await messageView(draft.message) };
    },
  ),
  {
    action: 'updateDraft',
    name: 'update_draft',
    description: 'Replaces the recipients, subject and text of a draft',
    args: { id: idArg('Id of the draft'), ...mailArgs(true) },
    presets: { id: 'draftId', to: 'draftUpdateTo', subject: 'draftUpdateSubject', body: 'draftUpdateBody' },
    run: async (args, api, signal) =>
      answer(
        await api.request('PUT', `${MAILBOX}/drafts/${id(args)}`, {
          body: { id: args.text('id'), message: { raw: rawMessage(outgoing(args)) } },
          signal,
        }),
      ),
  },
  {
    action: 'sendDraft',
    name: 'send_draft',
    description: 'Sends a draft to its recipients',
    args: { id: idArg('Id of the draft') },
    presets: { id: 'draftId' },
    run: async (args, api, signal) =>
      answer(await api.request('POST', `${MAILBOX}/drafts/send`, { body: { id: args.text('id') }, signal })),
  },
  deleteAction('deleteDraft', 'delete_draft', 'draft', 'drafts', 'draftId'),
];

export const MESSAGE_ACTIONS: readonly GmailAction[] = [
  listAction('listMessages', 'list_messages', 'messages', {
    maxResults: 'messageMaxResults',
    query: 'messageQuery',
  }),
  readAction(
    'getMessage',
    'get_message',
    'Reads a mail: sender, recipients, subject, date, text and attachment names',
    'messages',
    'message',
    messageView,
  ),
  {
    action: 'sendMessage',
    name: 'send_message',
    description: 'Sends a mail from the Gmail account',
    args: mailArgs(true),
    presets: {
      to: 'messageTo',
      subject: 'messageSubject',
      body: 'messageBody',
      cc: 'messageCc',
      bcc: 'messageBcc',
    },
    run: async (args, api, signal) =>
      answer(
        await api.request('POST', `${MAILBOX}/messages/send`, {
          body: { raw: rawMessage(outgoing(args)) },
          signal,
        }),
      ),
  },
  modifyAction('modifyMessage', 'modify_message', 'message', 'messages', 'message'),
  moveAction('trashMessage', 'trash_message', 'Moves a mail to the trash', 'messages', 'message'),
  moveAction('untrashMessage', 'untrash_message', 'Takes a mail out of the trash', 'messages', 'message'),
  deleteAction('deleteMessage', 'delete_message', 'message', 'messages', 'messageId'),
];

export const LABEL_ACTIONS: readonly GmailAction[] = [
  {
    action: 'listLabels',
    name: 'list_labels',
    description: "Lists the mailbox's labels with their ids",
    args: {},
    run: async (_args, api, signal) => answer(await api.request('GET', `${MAILBOX}/labels`, { signal })),
  },
  {
    action: 'getLabel',
    name: 'get_label',
    description: 'Reads a label: name, colour and counts',
    args: { id: idArg('Id of the label') },
    presets: { id: 'labelId' },
    run: async (args, api, signal) =>
      answer(await api.request('GET', `${MAILBOX}/labels/${id(args)}`, { signal })),
  },
  {
    action: 'createLabel',
    name: 'create_label',
    description: 'Makes a new label',
    args: { labelName: { ...labelName, required: true }, labelColor },
    presets: { labelName: 'labelName', labelColor: 'labelColor' },
    run: async (args, api, signal) =>
      answer(
        await api.request('POST', `${MAILBOX}/labels`, {
          body: { ...labelBody(args), labelListVisibility: 'labelShow', messageListVisibility: 'show' },
          signal,
        }),
      ),
  },
  {
    action: 'updateLabel',
    name: 'update_label',
    description: 'Renames a label or changes its colour',
    args: { id: idArg('Id of the label'), labelName, labelColor },
    presets: { id: 'labelId', labelName: 'labelName', labelColor: 'labelColor' },
    run: async (args, api, signal) => {
      const changes = labelBody(args);
      if (Object.keys(changes).length === 0) throw new Error('Gmail: give a new labelName or labelColor');
      return answer(await api.request('PATCH', `${MAILBOX}/labels/${id(args)}`, { body: changes, signal }));
    },
  },
  deleteAction('deleteLabel', 'delete_label', 'label', 'labels', 'labelId'),
];

export const THREAD_ACTIONS: readonly GmailAction[] = [
  listAction('listThreads', 'list_threads', 'threads', {
    maxResults: 'threadMaxResults',
    query: 'threadQuery',
  }),
  readAction(
    'getThread',
    'get_thread',
    'Reads a conversation: every mail in it',
    'threads',
    'thread',
    threadView,
  ),
  modifyAction('modifyThread', 'modify_thread', 'thread', 'threads', 'thread'),
  moveAction('trashThread', 'trash_thread', 'Moves a conversation to the trash', 'threads', 'thread'),
  moveAction('untrashThread', 'untrash_thread', 'Takes a conversation out of the trash', 'threads', 'thread'),
  deleteAction('deleteThread', 'delete_thread', 'thread', 'threads', 'threadId'),
];
