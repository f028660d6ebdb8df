/** A lead row of `GET /leads/:chatflowid`. */
export interface LeadRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  chatflowid: string;
  chatId: string;
  createdDate: string;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
 * run as a formula (starting with = + - @, or a tab or carriage return) gets a leading `'`.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const LEAD_COLUMNS = ['name', 'email', 'phone', 'createdDate', 'chatId', 'id'] as const;
const HEADERS = ['Name', 'Email Address', 'Phone', 'Created Date', 'Chat Id', 'Id'];

/** The leads as CSV: a header row, then one row per lead, CRLF line ends (RFC 4180). */
export function leadsCsv(rows: readonly LeadRow[]): string {
  const lines = [HEADERS.map(csvCell).join(',')];
  for (const row of rows) lines.push(LEAD_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Whether a lead matches the search box (name, e-mail or phone, any case). */
export function matchesLead(row: LeadRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [row.name, row.email, row.phone].some((v) => v?.toLowerCase().includes(needle));
}
