/**
 * A small PDF writer for tests and benchmarks: text-only pages in Helvetica, nothing compressed, so a
 * fixture is generated in code rather than committed as a binary file.
 */

export interface TestPdfOptions {
  /** The document information dictionary (`/Title`, `/Author`, …). */
  info?: Record<string, string>;
  /**
   * Marks the file as encrypted with a user password (the standard security handler, revision 2), so
   * a reader asks for a password. The pages themselves stay unencrypted: a reader stops before them.
   */
  password?: boolean;
}

const LINE_WORDS = 12;
const VOCABULARY =
  'river stone lantern meadow copper signal harbor orchard thunder velvet beacon canyon ember glacier marble quartz willow falcon prairie summit'.split(
    ' ',
  );

/** PDF literal string: backslash, parentheses escaped; characters outside Latin-1 become `?`. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, '?')})`;
}

function pageContent(lines: readonly string[]): string {
  const shown = lines.map((line, i) => `${i === 0 ? '' : 'T* '}${pdfString(line)} Tj`).join('\n');
  return `BT\n/F1 10 Tf\n12 TL\n40 760 Td\n${shown}\nET\n`;
}

/**
 * Writes a PDF whose pages hold the given lines of text (one array of lines per page). Each line ends
 * with a line break a text extractor sees, so the text read back is `lines.join('\n')` per page.
 */
export function writeTestPdf(
  pages: readonly (readonly string[])[],
  options: TestPdfOptions = {},
): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const pageCount = pages.length;
  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content per page, then info, encryption.
  const pageId = (i: number) => 4 + i * 2;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pageCount} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((lines, i) => {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`,
    );
    const content = pageContent(lines);
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
  });
  let infoId: number | undefined;
  if (options.info) {
    const entries = Object.entries(options.info).map(([key, value]) => `/${key} ${pdfString(value)}`);
    infoId = add(`<< ${entries.join(' ')} >>`);
  }
  let encryptId: number | undefined;
  const fileId = '0123456789abcdef0123456789abcdef';
  if (options.password) {
    // /U is a value no empty password produces, so opening the file needs the (unknown) user password.
    const u = 'a5'.repeat(32);
    const o = '5a'.repeat(32);
    encryptId = add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${o}> /U <${u}> /P -44 >>`);
  }

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const trailer = [
    `/Size ${objects.length + 1}`,
    '/Root 1 0 R',
    infoId && `/Info ${infoId} 0 R`,
    encryptId && `/Encrypt ${encryptId} 0 R`,
    `/ID [<${fileId}> <${fileId}>]`,
  ].filter(Boolean);
  out += `trailer\n<< ${trailer.join(' ')} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** The lines of page `page` (1-based) of {@link makeTestPdf}: "Page n." then the words, 12 a line. */
export function testPdfPageLines(page: number, wordsPerPage: number): string[] {
  const words = Array.from(
    { length: wordsPerPage },
    (_, i) => VOCABULARY[(page * 7 + i * 3 + ((i * i) % 5)) % VOCABULARY.length]!,
  );
  const lines = [`Page ${page}.`];
  for (let i = 0; i < words.length; i += LINE_WORDS) lines.push(words.slice(i, i + LINE_WORDS).join(' '));
  return lines;
}

/**
 * A text PDF of `pages` pages with `wordsPerPage` words each (plus a "Page n." heading), for tests and
 * the loader benchmark (a 300-page file should load and split in well under five seconds).
 */
export function makeTestPdf(pages: number, wordsPerPage: number): Uint8Array {
  return writeTestPdf(
    Array.from({ length: pages }, (_, i) => testPdfPageLines(i + 1, wordsPerPage)),
    { info: { Title: `Test document of ${pages} pages`, Producer: 'Flowloom test fixture' } },
  );
}
