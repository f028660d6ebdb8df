import type { NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { badgeIcon } from '../../utilities/icons.js';
import { actionGroupInputs, groupActionTools, type ActionGroup } from '../action-tools.js';
import type { OAuth2Api } from '../oauth2-api.js';
import { oauth2Api } from '../oauth2-api.js';
import type { ToolHandle } from '../tool.js';
import { DRAFT_ACTIONS, LABEL_ACTIONS, MESSAGE_ACTIONS, THREAD_ACTIONS } from './gmail-actions.js';

export const GMAIL_DEFAULT_URL = 'https://gmail.googleapis.com';

/** The node's Type choices: each has its own actions input (Flowise's names). */
const TYPES: Record<string, ActionGroup<OAuth2Api>> = {
  drafts: { label: 'Drafts', input: 'draftActions', inputLabel: 'Draft Actions', specs: DRAFT_ACTIONS },
  messages: {
    label: 'Messages',
    input: 'messageActions',
    inputLabel: 'Message Actions',
    specs: MESSAGE_ACTIONS,
  },
  labels: { label: 'Labels', input: 'labelActions', inputLabel: 'Label Actions', specs: LABEL_ACTIONS },
  threads: { label: 'Threads', input: 'threadActions', inputLabel: 'Thread Actions', specs: THREAD_ACTIONS },
};

/** An optional preset shown under Additional Parameters when one of `actions` is chosen. */
function preset(
  name: string,
  label: string,
  actionsInput: string,
  actions: string[],
  extra: Partial<NodeParam> = {},
): NodeParam {
  return {
    label,
    name,
    type: 'string',
    show: { [actionsInput]: actions },
    additionalParams: true,
    optional: true,
    ...extra,
  };
}

const ADDRESS_HINT = 'Comma-separated addresses; used when the model gives none';

/** The presets of a mail a `prefix` action writes (`draftTo`, `draftSubject`… or `messageTo`…). */
function mailPresets(prefix: string, actionsInput: string, action: string): NodeParam[] {
  return [
    preset(`${prefix}To`, 'To', actionsInput, [action], { description: ADDRESS_HINT }),
    preset(`${prefix}Subject`, 'Subject', actionsInput, [action]),
    preset(`${prefix}Body`, 'Body', actionsInput, [action], { rows: 4 }),
    preset(`${prefix}Cc`, 'CC', actionsInput, [action], { description: ADDRESS_HINT }),
    preset(`${prefix}Bcc`, 'BCC', actionsInput, [action], { description: ADDRESS_HINT }),
  ];
}

/** The list presets of a type: how many, and (except drafts) a Gmail search. */
function listPresets(prefix: string, actionsInput: string, action: string, what: string): NodeParam[] {
  return [
    preset(`${prefix}MaxResults`, 'Max Results', actionsInput, [action], {
      type: 'number',
      default: 100,
      description: `How many ${what} to list`,
    }),
    ...(prefix === 'draft'
      ? []
      : [
          preset(`${prefix}Query`, 'Query', actionsInput, [action], {
            description: 'Gmail search that filters the list',
            placeholder: 'is:unread from:ann@example.com',
          }),
        ]),
  ];
}

const inputs: NodeParam[] = [
  ...actionGroupInputs('gmailType', TYPES),
  // Drafts
  ...listPresets('draft', 'draftActions', 'listDrafts', 'drafts'),
  ...mailPresets('draft', 'draftActions', 'createDraft'),
  preset('draftId', 'Draft ID', 'draftActions', ['getDraft', 'updateDraft', 'sendDraft', 'deleteDraft']),
  preset('draftUpdateTo', 'To (Update)', 'draftActions', ['updateDraft'], { description: ADDRESS_HINT }),
  preset('draftUpdateSubject', 'Subject (Update)', 'draftActions', ['updateDraft']),
  preset('draftUpdateBody', 'Body (Update)', 'draftActions', ['updateDraft'], { rows: 4 }),
  // Messages
  ...listPresets('message', 'messageActions', 'listMessages', 'messages'),
  ...mailPresets('message', 'messageActions', 'sendMessage'),
  preset('messageId', 'Message ID', 'messageActions', [
    'getMessage',
    'modifyMessage',
    'trashMessage',
    'untrashMessage',
    'deleteMessage',
  ]),
  preset('messageAddLabelIds', 'Add Label IDs', 'messageActions', ['modifyMessage'], {
    description: 'Comma-separated label ids',
    placeholder: 'STARRED,IMPORTANT',
  }),
  preset('messageRemoveLabelIds', 'Remove Label IDs', 'messageActions', ['modifyMessage'], {
    description: 'Comma-separated label ids',
    placeholder: 'UNREAD',
  }),
  // Labels
  preset('labelName', 'Label Name', 'labelActions', ['createLabel', 'updateLabel']),
  preset('labelColor', 'Label Color', 'labelActions', ['createLabel', 'updateLabel'], {
    description: "Background colour, #rrggbb from Gmail's palette",
    placeholder: '#4a86e8',
  }),
  preset('labelId', 'Label ID', 'labelActions', ['getLabel', 'updateLabel', 'deleteLabel']),
  // Threads
  ...listPresets('thread', 'threadActions', 'listThreads', 'conversations'),
  preset('threadId', 'Thread ID', 'threadActions', [
    'getThread',
    'modifyThread',
    'trashThread',
    'untrashThread',
    'deleteThread',
  ]),
  preset('threadAddLabelIds', 'Add Label IDs', 'threadActions', ['modifyThread'], {
    description: 'Comma-separated label ids',
  }),
  preset('threadRemoveLabelIds', 'Remove Label IDs', 'threadActions', ['modifyThread'], {
    description: 'Comma-separated label ids',
  }),
];

/**
 * Gmail as tools for agents, acting as the person who signed in to the node's Gmail OAuth2
 * credential: one tool per chosen action of the chosen type.
 */
export const gmail: NodeType = {
  icon: badgeIcon('M', '#ea4335'),
  definition: {
    label: 'Gmail',
    name: 'gmail',
    version: 1,
    type: 'Gmail',
    category: 'Tools',
    baseClasses: ['Gmail', 'Tool'],
    description: 'Read, draft and send mail, and sort it with labels, in a Gmail mailbox',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['gmailOAuth2'],
    },
    inputs,
  },
  init(ctx): ToolHandle[] {
    return groupActionTools({
      service: 'Gmail',
      typeInput: 'gmailType',
      groups: TYPES,
      inputs: ctx.inputs,
      // GMAIL_BASE_URL lets operators use a proxy (and tests a local fake); the token goes nowhere else.
      api: () =>
        oauth2Api(ctx, {
          service: 'Gmail',
          credentialLabel: 'Gmail OAuth2',
          baseUrl: ctx.run.services.providerBaseUrls.gmail ?? GMAIL_DEFAULT_URL,
        }),
    });
  },
};
