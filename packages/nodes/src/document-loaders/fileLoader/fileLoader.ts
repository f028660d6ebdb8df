import type { SourceDocument } from '@flowloom/shared';
import { stringInput } from '../../llm/chat-model.js';
import { legacyBuildInput, pdfUsage, pdfUsageInput } from '../inputs.js';
import { loaderIcon, loaderNode, readFiles, type LoadedFile } from '../loader.js';
import { readHtmlFile } from '../readers/html.js';
import { readJson } from '../readers/json.js';
import { toPointer } from '../readers/json-pointer.js';
import { readJsonLines } from '../readers/jsonl.js';
import { readPdf, type PdfUsage } from '../readers/pdf.js';
import { readTextFile } from '../readers/text.js';

interface ReadOptions {
  usage: PdfUsage;
  pointer: string | undefined;
  signal: AbortSignal;
}

type Reader = (file: LoadedFile, options: ReadOptions) => SourceDocument[] | Promise<SourceDocument[]>;

const CODE_EXTENSIONS =
  'aspx asp c cc cpp cs css go h hpp java js jsx mjs cjs kt less lua php proto py python r rb rs rst ruby sc scala scss sh sol sql swift tex ltx ts tsx vb xml yaml yml toml ini log'.split(
    ' ',
  );

const text: Reader = (file) => readTextFile(file);
// Office and CSV readers (and their zip and CSV libraries) load on first use, not at server start.
const excel: Reader = async (file) => (await import('../readers/excel.js')).readExcel(file);
const powerpoint: Reader = async (file) => (await import('../readers/powerpoint.js')).readPowerpoint(file);
const docx: Reader = async (file) => (await import('../readers/docx.js')).readDocx(file);

/** The reader of each extension File Loader reads. */
const READERS: Record<string, Reader> = {
  pdf: (file, { usage, signal }) => readPdf(file, { usage, signal }),
  docx,
  // An old .doc gets the message saying to save it as .docx.
  doc: docx,
  xlsx: excel,
  xlsm: excel,
  xls: excel,
  xlsb: excel,
  pptx: powerpoint,
  ppt: powerpoint,
  csv: async (file) => (await import('../readers/csv.js')).readCsv(file),
  json: (file) => readJson(file),
  jsonl: (file, { pointer }) => {
    if (!pointer)
      throw new Error(
        `${file.name} is a JSON Lines file: set JSONL Pointer Extraction to the key to read from each line`,
      );
    return readJsonLines(file, pointer);
  },
  html: (file) => readHtmlFile(file),
  htm: (file) => readHtmlFile(file),
  md: text,
  markdown: text,
  txt: text,
  ...Object.fromEntries(CODE_EXTENSIONS.map((ext) => [ext, text])),
};

/** The extension a file without one in its name is read as, by its media type. */
const MIME_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.ms-powerpoint': 'ppt',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/jsonl': 'jsonl',
  'application/x-ndjson': 'jsonl',
  'text/html': 'html',
  'text/markdown': 'md',
  'text/plain': 'txt',
};

const SUPPORTED =
  'pdf, docx, xlsx, xlsm, pptx, csv, json, jsonl, html, htm, md, txt and source code (js, ts, py, java, go, …)';

function extensionOf(file: LoadedFile): string {
  const match = /\.([a-z0-9]+)$/i.exec(file.name);
  if (match) return match[1]!.toLowerCase();
  return MIME_EXTENSIONS[file.mime.split(';')[0]!.trim().toLowerCase()] ?? '';
}

/**
 * Loaders' own file inputs a request may fill (the upsert API puts files in the input named after
 * their type): when any is set, those files are read instead of File.
 */
const OVERRIDE_INPUTS = [
  'txtFile',
  'pdfFile',
  'jsonFile',
  'csvFile',
  'jsonlinesFile',
  'docxFile',
  'yamlFile',
  'excelFile',
  'powerpointFile',
];

export const fileLoader = loaderNode({
  label: 'File Loader',
  name: 'fileLoader',
  version: 2,
  description: 'Reads files of many types, each with the reader its extension calls for',
  icon: loaderIcon('F', '#455a64'),
  inputs: [{ label: 'File', name: 'file', type: 'file', fileType: '*' }],
  moreInputs: [
    pdfUsageInput('Pdf Usage', {
      description: 'How PDF files are split into documents',
      optional: true,
      additionalParams: true,
    }),
    legacyBuildInput,
    {
      label: 'JSONL Pointer Extraction',
      name: 'pointerName',
      type: 'string',
      description: 'For JSON Lines files: the key whose value is the text of each line',
      placeholder: '<pointerName>',
      optional: true,
      additionalParams: true,
    },
  ],
  async load(ctx) {
    const overrides = OVERRIDE_INPUTS.map((name) => ctx.inputs[name]).filter(
      (value) => value && value !== '',
    );
    const files = await readFiles(ctx, overrides.length > 0 ? overrides : ctx.inputs.file, { label: 'File' });
    const key = stringInput(ctx.inputs.pointerName);
    const options: ReadOptions = {
      usage: pdfUsage(ctx.inputs.pdfUsage ?? ctx.inputs.usage),
      pointer: key && toPointer(key),
      signal: ctx.run.signal,
    };
    const documents: SourceDocument[] = [];
    for (const file of files) {
      const extension = extensionOf(file);
      const reader = Object.hasOwn(READERS, extension) ? READERS[extension] : undefined;
      if (!reader)
        throw new Error(
          `${file.name}: File Loader cannot read ${extension ? `.${extension} files` : 'files without an extension'}; it reads ${SUPPORTED}`,
        );
      documents.push(...(await reader(file, options)));
    }
    return documents;
  },
});
