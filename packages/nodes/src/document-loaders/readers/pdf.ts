import { createRequire } from 'node:module';
import type { SourceDocument } from '@flowloom/shared';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { LoadedFile } from '../loader.js';

type PdfJs = typeof PdfJsModule;

/** `perPage`: one document per page (with `loc.pageNumber`); `perFile`: one for the whole file. */
export type PdfUsage = 'perPage' | 'perFile';

let pdfjsReady: Promise<PdfJs> | undefined;

/**
 * pdf.js, loaded on first use (it is large). Its worker code runs in this thread: handing the worker
 * module to pdf.js through `globalThis.pdfjsWorker` spares it from looking for `pdf.worker.mjs` on
 * disk beside its own file, which a bundled server does not have. Both imports are plain string
 * specifiers, so a bundler includes them.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsReady ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    const placeholder = needsDomMatrixPlaceholder();
    if (placeholder) Object.assign(globalThis, { DOMMatrix: class DOMMatrixUnavailable {} });
    try {
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      if (placeholder) delete (globalThis as { DOMMatrix?: unknown }).DOMMatrix;
    }
  })().catch((error: unknown) => {
    pdfjsReady = undefined; // the next PDF tries again
    throw error;
  });
  return pdfjsReady;
}

/**
 * pdf.js builds one DOMMatrix as it loads, for drawing pages. In Node it takes the class from its
 * optional native package @napi-rs/canvas; where that cannot load (not installed, no build for the
 * platform) the import would fail, although reading text never draws: a placeholder is then given
 * for the import only.
 */
function needsDomMatrixPlaceholder(): boolean {
  if ('DOMMatrix' in globalThis) return false;
  try {
    createRequire(import.meta.url)('@napi-rs/canvas');
    return false;
  } catch {
    return true;
  }
}

/**
 * The folders of pdf.js's character maps and standard font data (needed for some CJK text and for
 * fonts a PDF does not embed), when the package can be found on disk; text still loads without them.
 */
let dataFolders: { cMapUrl?: string; standardFontDataUrl?: string } | undefined;
function pdfDataFolders() {
  if (dataFolders) return dataFolders;
  try {
    const root = createRequire(import.meta.url)
      .resolve('pdfjs-dist/package.json')
      .replace(/package\.json$/, '');
    dataFolders = { cMapUrl: `${root}cmaps/`, standardFontDataUrl: `${root}standard_fonts/` };
  } catch {
    dataFolders = {};
  }
  return dataFolders;
}

/** A readable message for what pdf.js threw while opening or reading `fileName`. */
function pdfError(fileName: string, error: unknown): Error {
  const name = (error as { name?: string }).name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException')
    return new Error(`${fileName} is protected by a password; remove the password and upload it again`, {
      cause: error,
    });
  if (name === 'InvalidPDFException')
    return new Error(`${fileName} is not a readable PDF (${message.replace(/\.$/, '')})`, { cause: error });
  return new Error(`${fileName} could not be read as a PDF: ${message}`, { cause: error });
}

/** The text of a page's content items, with the line ends pdf.js found. */
function pageText(items: readonly object[]): string {
  let text = '';
  for (const item of items) {
    if (!('str' in item)) continue; // marked-content markers
    const { str, hasEOL } = item as { str: string; hasEOL: boolean };
    text += str;
    if (hasEOL) text += '\n';
  }
  return text.trim();
}

/**
 * Reads the text of a PDF: one document per page (`loc.pageNumber`) or one per file, each with the
 * file name as `source` and the PDF's information (`pdf.info`, `pdf.totalPages`…), as Flowise does.
 * Stops between pages when `signal` aborts.
 */
export async function readPdf(
  file: LoadedFile,
  { usage = 'perPage', signal }: { usage?: PdfUsage; signal?: AbortSignal } = {},
): Promise<SourceDocument[]> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (and may detach) the buffer it is given: it gets a copy.
    data: new Uint8Array(file.data),
    ...pdfDataFolders(),
    // Fonts are only parsed for their text, never turned into code (CVE-2024-4367).
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const stop = () => void task.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const pdf = await task.promise;
    const meta = await pdf.getMetadata().catch(() => undefined);
    const about = {
      version: pdfjs.version,
      info: meta?.info ?? {},
      // The XMP metadata, as plain entries (name → value) that survive being stored as JSON.
      metadata: meta?.metadata
        ? (Object.fromEntries(meta.metadata as Iterable<[string, unknown]>) as object)
        : null,
      totalPages: pdf.numPages,
    };
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      signal?.throwIfAborted();
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items));
      page.cleanup();
    }
    if (usage === 'perFile')
      return [{ pageContent: pages.join('\n\n'), metadata: { source: file.name, pdf: about } }];
    return pages.map((text, i) => ({
      pageContent: text,
      metadata: { source: file.name, pdf: about, loc: { pageNumber: i + 1 } },
    }));
  } catch (error) {
    // Everything above is pdf.js at work: its errors become a message about the file.
    signal?.throwIfAborted();
    throw pdfError(file.name, error);
  } finally {
    signal?.removeEventListener('abort', stop);
    await task.destroy();
  }
}
