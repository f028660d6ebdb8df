/**
 * Fixtures for the document loader tests, built in code: uploads as data URIs, minimal DOCX, XLSX
 * and PPTX packages, ZIP packages that lie about their size, and a local web server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import type { GuardedFetch, NodeType } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { nodeContext, type NodeContextOptions } from '../testing/node-context.js';

/** An upload as the UI sends it: `data:<mime>;base64,<data>,filename:<name>`. */
export function dataUri(name: string, data: Uint8Array | string, mime = 'application/octet-stream'): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  return `data:${mime};base64,${bytes.toString('base64')},filename:${name}`;
}

/** Runs a loader node's `init` as the engine would, with the given inputs and output. */
export async function loadWith(
  type: NodeType,
  inputs: Record<string, unknown>,
  options: Omit<NodeContextOptions, 'inputs'> & { output?: 'document' | 'text' } = {},
): Promise<SourceDocument[]> {
  const ctx = nodeContext(type, { ...options, inputs });
  return (await type.init!({ ...ctx, outputName: options.output ?? 'document' })) as SourceDocument[];
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot' }[c]};`);

const CONTENT_TYPES = (overrides: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`;

const rels = (items: [id: string, type: string, target: string][]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items
    .map(
      ([id, type, target]) =>
        `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`,
    )
    .join('')}</Relationships>`;

/** A paragraph of a DOCX body; `pageBreakBefore` puts an explicit page break in front of it. */
export interface DocxParagraph {
  text: string;
  pageBreakBefore?: boolean;
}

/** A DOCX file whose body holds the given paragraphs. */
export function docxBytes(paragraphs: readonly (string | DocxParagraph)[]): Uint8Array {
  const body = paragraphs
    .map((p) => (typeof p === 'string' ? { text: p } : p))
    .map(
      (p) =>
        `<w:p>${p.pageBreakBefore ? '<w:r><w:br w:type="page"/></w:r>' : ''}<w:r><w:t xml:space="preserve">${xmlEscape(p.text)}</w:t></w:r></w:p>`,
    )
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      CONTENT_TYPES(
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
      ),
    ),
    '_rels/.rels': strToU8(rels([['rId1', 'officeDocument', 'word/document.xml']])),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
    ),
  });
}

export type CellInput = string | number | boolean | null;

const columnName = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/** An XLSX workbook of the given sheets; strings go to the shared strings part, as Excel writes them. */
export function xlsxBytes(
  sheets: readonly { name: string; rows: readonly (readonly CellInput[])[] }[],
): Uint8Array {
  const shared: string[] = [];
  const sharedIndex = (text: string) => {
    const at = shared.indexOf(text);
    return at >= 0 ? at : shared.push(text) - 1;
  };
  const sheetXml = (rows: readonly (readonly CellInput[])[]) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row
            .map((value, c) => {
              const ref = `${columnName(c)}${r + 1}`;
              if (value === null) return '';
              if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
              if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
              return `<c r="${ref}" t="s"><v>${sharedIndex(value)}</v></c>`;
            })
            .join('')}</row>`,
      )
      .join('')}</sheetData></worksheet>`;
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(sheet.rows))));
  files['xl/workbook.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
      .map((s, i) => `<sheet name="${xmlEscape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    rels(sheets.map((_, i) => [`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`])),
  );
  files['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${shared
      .map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`)
      .join('')}</sst>`,
  );
  files['[Content_Types].xml'] = strToU8(CONTENT_TYPES(''));
  files['_rels/.rels'] = strToU8(rels([['rId1', 'officeDocument', 'xl/workbook.xml']]));
  return zipSync(files);
}

/** A PPTX presentation; each slide is a list of paragraphs. Slide parts are named in reverse order. */
export function pptxBytes(slides: readonly (readonly string[])[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  // Part names deliberately differ from the slide order: the order comes from presentation.xml.
  const partOf = (i: number) => `slide${slides.length - i}.xml`;
  slides.forEach((paragraphs, i) => {
    files[`ppt/slides/${partOf(i)}`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>${paragraphs
        .map((text) => `<a:p><a:r><a:t>${xmlEscape(text)}</a:t></a:r></a:p>`)
        .join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    );
  });
  files['ppt/presentation.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
  );
  files['ppt/_rels/presentation.xml.rels'] = strToU8(
    rels(slides.map((_, i) => [`rId${i + 1}`, 'slide', `slides/${partOf(i)}`])),
  );
  files['[Content_Types].xml'] = strToU8(CONTENT_TYPES(''));
  files['_rels/.rels'] = strToU8(rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]));
  return zipSync(files);
}

/**
 * Raw deflate data that inflates to `megabytes` MB of zeros, built from one compressed megabyte
 * repeated (each piece ends on a byte boundary and refers to nothing before it), so it costs
 * almost nothing to make.
 */
export function zerosDeflated(megabytes: number): Uint8Array {
  const piece = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => piece), Buffer.from([0x03, 0x00])]);
}

/**
 * A ZIP package written by hand, so its headers can lie: each entry declares `declaredSize` bytes
 * whatever its data inflates to, and entries with `sameDataAs` point at another entry's data (the
 * overlapping-entries zip bomb).
 */
export function handmadeZip(
  entries: readonly {
    name: string;
    deflated?: Uint8Array;
    stored?: Uint8Array;
    sameDataAs?: string;
    declaredSize?: number;
  }[],
): Uint8Array {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets = new Map<string, { offset: number; size: number; method: number }>();
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    let place = entry.sameDataAs ? offsets.get(entry.sameDataAs) : undefined;
    if (!place) {
      const data = Buffer.from(entry.deflated ?? entry.stored ?? new Uint8Array(0));
      const method = entry.deflated ? 8 : 0;
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(method, 8);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(entry.declaredSize ?? data.length, 22);
      header.writeUInt16LE(name.length, 26);
      place = { offset, size: data.length, method };
      offsets.set(entry.name, place);
      local.push(header, name, data);
      offset += header.length + name.length + data.length;
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(place.method, 10);
    record.writeUInt32LE(place.size, 20);
    record.writeUInt32LE(entry.declaredSize ?? place.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(place.offset, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...local, directory, end]));
}

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** A web server on 127.0.0.1 answering the given paths (404 otherwise). */
export async function startServer(routes: Record<string, Route>) {
  const server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (route) route(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer of the given type; a body given as a function is made per request (it may name the server). */
export const answer =
  (contentType: string, body: string | (() => string), status = 200): Route =>
  (_request, response) =>
    void response
      .writeHead(status, { 'content-type': contentType })
      .end(typeof body === 'function' ? body() : body);

/** An HTML answer. */
export const html = (body: string | (() => string), status = 200) =>
  answer('text/html; charset=utf-8', body, status);

/** The run's HTTP client in these tests: plain fetch, as the local server is on a loopback address. */
export const plainFetch: GuardedFetch = (url, init) => fetch(url, init);
