/** SPEC §3 exportable data types: label shown in the dialog and flag sent to the server. */
export const EXPORT_TYPES = [
  { label: 'Agentflows', flag: 'agentflow' },
  { label: 'Agentflows V2', flag: 'agentflowv2' },
  { label: 'Assistants Custom', flag: 'assistantCustom' },
  { label: 'Assistants OpenAI', flag: 'assistantOpenAI' },
  { label: 'Assistants Azure', flag: 'assistantAzure' },
  { label: 'Chatflows', flag: 'chatflow' },
  { label: 'Chat Messages', flag: 'chat_message' },
  { label: 'Chat Feedbacks', flag: 'chat_feedback' },
  { label: 'Custom Templates', flag: 'custom_template' },
  { label: 'Document Stores', flag: 'document_store' },
  { label: 'Executions', flag: 'execution' },
  { label: 'Tools', flag: 'tool' },
  { label: 'Variables', flag: 'variable' },
] as const;

export type ExportFlag = (typeof EXPORT_TYPES)[number]['flag'];
export type ExportLabel = (typeof EXPORT_TYPES)[number]['label'];

export const EXPORT_FILE_NAME = 'ExportData.json';

/** The request body: every flag, true for the selected labels. */
export function exportFlags(selected: ReadonlySet<string>): Record<ExportFlag, boolean> {
  return Object.fromEntries(EXPORT_TYPES.map(({ label, flag }) => [flag, selected.has(label)])) as Record<
    ExportFlag,
    boolean
  >;
}

/** The downloaded file: the export answer as JSON indented by 2 spaces. */
export function exportFileText(data: unknown): string {
  return JSON.stringify(data, null, 2);
}
