const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID, the form of every record id (flows, tools, credentials, messages). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
