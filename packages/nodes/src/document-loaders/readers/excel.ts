import type { SourceDocument } from '@flowloom/shared';
import type { LoadedFile } from '../loader.js';
import { EXCEL, openOfficeFile, requiredPart } from './office.js';
import { attribute, localName, relationshipTargets, xmlTokens } from './xml.js';

type CellValue = string | number | boolean;

/** One row of a sheet: its 0-based index and its non-empty cells by 0-based column. */
interface SheetRow {
  index: number;
  cells: Map<number, CellValue>;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** `AB12` → column 27 (0-based), or undefined for a reference without letters. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference && /^[A-Z]+/i.exec(reference)?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** The texts of the `<si>` items of the shared strings part, phonetic runs left out. */
function sharedStrings(xml: string): string[] {
  const item = 'si';
  const items: string[] = [];
  let current = '';
  let depth = 0;
  let inText = false;
  let inPhonetic = false;
  for (const token of xmlTokens(xml)) {
    if (token.kind === 'text') {
      if (inText && !inPhonetic) current += token.text;
      continue;
    }
    const name = localName(token.name);
    if (token.kind === 'open') {
      if (name === item && !token.selfClosing) {
        depth++;
        current = '';
      } else if (name === item) items.push('');
      else if (name === 't') inText = !token.selfClosing;
      else if (name === 'rPh') inPhonetic = !token.selfClosing;
    } else if (name === item && depth > 0) {
      depth--;
      items.push(current);
    } else if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
  }
  return items;
}

function cellValue(type: string | undefined, raw: string, inline: string, shared: readonly string[]) {
  switch (type) {
    case 's':
      return shared[Number(raw)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return raw === '1';
    case 'str':
    case 'e':
    case 'd':
      return raw;
    default: {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
    }
  }
}

/** The non-empty rows of a worksheet part. */
function sheetRows(xml: string, shared: readonly string[]): SheetRow[] {
  const rows: SheetRow[] = [];
  let row: SheetRow | undefined;
  let cell: { column: number; type: string | undefined; raw: string; inline: string } | undefined;
  // Where the tokenizer is inside a cell: its value, or the text runs of an inline string.
  let inValue = false;
  let inInline = false;
  let inText = false;
  let inPhonetic = false;
  let nextRow = 0;
  let nextColumn = 0;
  for (const token of xmlTokens(xml)) {
    if (token.kind === 'text') {
      if (cell && inValue) cell.raw += token.text;
      else if (cell && inInline && inText && !inPhonetic) cell.inline += token.text;
      continue;
    }
    const name = localName(token.name);
    const opens = token.kind === 'open' && !token.selfClosing;
    if (token.kind === 'open' && name === 'row') {
      const number = Number(attribute(token.attributes, 'r'));
      const index = Number.isInteger(number) && number > 0 ? number - 1 : nextRow;
      row = opens ? { index, cells: new Map() } : undefined;
      nextRow = index + 1;
      nextColumn = 0;
    } else if (token.kind === 'open' && name === 'c' && row) {
      const column = columnOf(attribute(token.attributes, 'r')) ?? nextColumn;
      nextColumn = column + 1;
      cell = opens ? { column, type: attribute(token.attributes, 't'), raw: '', inline: '' } : undefined;
    } else if (name === 'v') inValue = opens;
    else if (name === 'is') inInline = opens;
    else if (name === 't') inText = opens;
    else if (name === 'rPh') inPhonetic = opens;
    else if (token.kind === 'close' && name === 'c' && cell && row) {
      const value = cellValue(cell.type, cell.raw, cell.inline, shared);
      if (value !== '') row.cells.set(cell.column, value);
      cell = undefined;
    } else if (token.kind === 'close' && name === 'row' && row) {
      if (row.cells.size > 0) rows.push(row);
      row = undefined;
    }
  }
  return rows;
}

/** Header names for the columns of the first row: empty ones `__EMPTY`, repeated ones `name_1` (SheetJS). */
function headerNames(header: SheetRow, columns: readonly number[]): Map<number, string> {
  const names = new Map<number, string>();
  const used = new Map<string, number>();
  for (const column of columns) {
    const value = header.cells.get(column);
    const base = value === undefined ? '__EMPTY' : String(value);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    names.set(column, seen === 0 ? base : `${base}_${seen}`);
  }
  return names;
}

/** The sheets of a workbook in tab order: name and worksheet part. */
function workbookSheets(workbookXml: string, rels: Map<string, string>): { name: string; part: string }[] {
  const sheets: { name: string; part: string }[] = [];
  for (const token of xmlTokens(workbookXml)) {
    if (token.kind !== 'open' || localName(token.name) !== 'sheet') continue;
    const name = attribute(token.attributes, 'name') ?? `Sheet${sheets.length + 1}`;
    const id = attribute(token.attributes, 'r:id');
    const part = (id && rels.get(id)) ?? `xl/worksheets/sheet${sheets.length + 1}.xml`;
    sheets.push({ name, part });
  }
  return sheets;
}

/**
 * An Excel workbook (.xlsx, .xlsm) as documents, one per row after each sheet's header row: its cells
 * as `- column: value` lines, metadata `worksheet`, `rowNum` (0-based row), `source` and the cells
 * themselves (as Flowise's Microsoft Excel loader does).
 */
export function readExcel(file: LoadedFile): SourceDocument[] {
  if (/\.xlsb$/i.test(file.name))
    throw new Error(
      `${file.name} is a binary Excel workbook (.xlsb), which cannot be read; save it as .xlsx`,
    );
  const wanted = (name: string) =>
    name === WORKBOOK ||
    name === WORKBOOK_RELS ||
    name === SHARED_STRINGS ||
    name.startsWith('xl/worksheets/');
  const pkg = openOfficeFile(file, EXCEL, { keep: wanted });
  const workbook = requiredPart(pkg, WORKBOOK, file, EXCEL);
  const rels = relationshipTargets(pkg.text(WORKBOOK_RELS) ?? '', 'xl');
  const sharedXml = pkg.text(SHARED_STRINGS);
  const shared = sharedXml ? sharedStrings(sharedXml) : [];

  const documents: SourceDocument[] = [];
  for (const sheet of workbookSheets(workbook, rels)) {
    const xml = pkg.text(sheet.part);
    if (xml === undefined) continue; // a chart sheet or a missing part: no rows to read
    const [header, ...rows] = sheetRows(xml, shared);
    if (!header) continue;
    const columns = [...new Set([header, ...rows].flatMap((r) => [...r.cells.keys()]))].sort((a, b) => a - b);
    const names = headerNames(header, columns);
    for (const row of rows) {
      // fromEntries defines own properties, so a column named "__proto__" stays a plain key.
      const cells = Object.fromEntries(
        columns.flatMap((column) => {
          const value = row.cells.get(column);
          return value === undefined ? [] : [[names.get(column)!, value] as const];
        }),
      );
      documents.push({
        pageContent: `${Object.entries(cells)
          .map(([key, value]) => `- ${key}: ${value}`)
          .join('\n')}\n`,
        metadata: { worksheet: sheet.name, rowNum: row.index, source: file.name, ...cells },
      });
    }
  }
  return documents;
}
