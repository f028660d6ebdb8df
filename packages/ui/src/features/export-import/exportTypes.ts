import { EXPORT_BUNDLE_KEYS } from '@flowloom/shared';

/**
 * SPEC §3 exportable data types: label shown in the dialog, flag sent to the server, and the
 * permission (any of a comma list) the server asks to read that type.
 */
export const EXPORT_TYPES = [
  { label: 'Agentflows', flag: 'agentflow', permission: 'agentflows:view' },
  { label: 'Agentflows V2', flag: 'agentflowv2', permission: 'agentflows:view' },
  { label: 'Assistants Custom', flag: 'assistantCustom', permission: 'assistants:view' },
  { label: 'Assistants OpenAI', flag: 'assistantOpenAI', permission: 'assistants:view' },
  { label: 'Assistants Azure', flag: 'assistantAzure', permission: 'assistants:view' },
  { label: 'Chatflows', flag: 'chatflow', permission: 'chatflows:view' },
  {
    label: 'Chat Messages',
    flag: 'chat_message',
    permission: 'chatflows:view,agentflows:view,assistants:view',
  },
  {
    label: 'Chat Feedbacks',
    flag: 'chat_feedback',
    permission: 'chatflows:view,agentflows:view,assistants:view',
  },
  { label: 'Custom Templates', flag: 'custom_template', permission: 'templates:custom' },
  { label: 'Document Stores', flag: 'document_store', permission: 'documentStores:view' },
  { label: 'Executions', flag: 'execution', permission: 'executions:view' },
  { label: 'Tools', flag: 'tool', permission: 'tools:view' },
  { label: 'Variables', flag: 'variable', permission: 'variables:view' },
] as const;

export type ExportFlag = (typeof EXPORT_TYPES)[number]['flag'];
export type ExportLabel = (typeof EXPORT_TYPES)[number]['label'];

/** The file name when the server names none (Flowise's). */
export const EXPORT_FILE_NAME = 'ExportData.json';

/** The request body: every flag, true for the selected labels. */
export function exportFlags(selected: ReadonlySet<string>): Record<ExportFlag, boolean> {
  return Object.fromEntries(EXPORT_TYPES.map(({ label, flag }) => [flag, selected.has(label)])) as Record<
    ExportFlag,
    boolean
  >;
}

/**
 * The downloaded file (FLOWISE_API.md §6.1): the bundle sections in Flowise's key order, without
 * `FileDefaultName`, as JSON indented by 2 spaces (SPEC §9). A failing step is named with its SPEC
 * §8 prefix (`exportImport.exportData …`, `exportImport.stringify …`).
 */
export function exportFileText(answer: Record<string, unknown>): string {
  let file: Record<string, unknown>;
  try {
    file = Object.fromEntries(
      EXPORT_BUNDLE_KEYS.map((key) => {
        const rows = answer[key] ?? [];
        if (!Array.isArray(rows)) throw new Error(`${key} is not a list`);
        return [key, rows];
      }),
    );
  } catch (error) {
    throw new Error(`exportImport.exportData ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.stringify(file, null, 2);
  } catch (error) {
    throw new Error(`exportImport.stringify ${error instanceof Error ? error.message : String(error)}`);
  }
}
