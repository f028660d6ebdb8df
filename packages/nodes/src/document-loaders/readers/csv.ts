import Papa from 'papaparse';
import type { SourceDocument } from '@flowloom/shared';
import { decodeText, type LoadedFile } from '../loader.js';

/**
 * A CSV file with a header row: one document per row, its cells as `column: value` lines, or with
 * `column` only that column's value. Metadata: `source` (file name) and `line` (row number, from 1).
 */
export function readCsv(file: LoadedFile, column?: string): SourceDocument[] {
  const { data, meta } = Papa.parse<Record<string, string | undefined>>(decodeText(file.data).trim(), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const fields = meta.fields ?? [];
  if (column !== undefined && !fields.includes(column))
    throw new Error(
      fields.length === 0
        ? `${file.name} has no header row to find the column "${column}" in`
        : `${file.name} has no column "${column}" (its columns: ${fields.join(', ')})`,
    );
  const rows = data.map((row) =>
    column !== undefined
      ? (row[column] ?? '')
      : fields.map((key) => `${key.trim() || '_0'}: ${(row[key] ?? '').trim()}`).join('\n'),
  );
  return rows.map((pageContent, i) => ({
    pageContent,
    metadata: { source: file.name, ...(rows.length > 1 && { line: i + 1 }) },
  }));
}
