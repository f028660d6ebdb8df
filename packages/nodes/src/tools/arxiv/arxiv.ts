import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { z } from 'zod';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { legacyBuildInput } from '../../document-loaders/inputs.js';
import { readPdf } from '../../document-loaders/readers/pdf.js';
import { sizeText } from '../../document-loaders/size.js';
import { fetchBytes } from '../../document-loaders/web.js';
import { badgeIcon } from '../../utilities/icons.js';
import { toolNameOf } from '../retrieverTool/retrieverTool.js';
import { endpointUrl, searchText } from '../search-api.js';
import { stringArgument, type ToolHandle } from '../tool.js';
import { readArxivFeed, type ArxivPaper } from './atom.js';

const SERVICE = 'Arxiv';
/** arXiv's export API (Atom) and its PDFs; an operator's ARXIV_BASE_URL serves both (`/api/query`, `/pdf/<id>`). */
export const ARXIV_API_URL = 'https://export.arxiv.org';
export const ARXIV_PDF_URL = 'https://arxiv.org';

export const ARXIV_DEFAULT_NAME = 'arxiv_search';
const DEFAULT_DESCRIPTION =
  'Searches arXiv for scientific papers by keywords, topic, author or arXiv id (such as 2401.01234) and answers with their titles, authors, dates and abstracts, or their full text when the node loads it.';
/** Most papers one search answers (the node's Top K Results is kept within it). */
export const MAX_ARXIV_RESULTS = 20;
/** Longest query sent, whatever Max Query Length says. */
const MAX_QUERY_CHARS = 2_000;
/** Most text one paper (or, for summaries, the whole answer) gives when Max Content Length is 0. */
export const MAX_ARXIV_CONTENT_CHARS = 200_000;
/** Largest PDF read for Load Full Content. */
export const MAX_PDF_BYTES = 30 * 1024 * 1024;
const PDF_TIMEOUT_MS = 60_000;

/** The node's settings, Flowise's defaults where unset. */
export interface ArxivSettings {
  topK: number;
  maxQueryLength: number;
  maxContentChars: number;
  loadFullContent: boolean;
  continueOnFailure: boolean;
}

const within = (value: number | undefined, fallback: number, max: number) =>
  value === undefined || value < 1 ? fallback : Math.min(Math.floor(value), max);

// A new-style id (2401.01234, v2 optional) or an old-style one (hep-th/9901001); a query made only of
// ids asks for those papers.
const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/;

/** The query string of `GET /api/query`: papers by id, or a search of all fields by relevance. */
export function arxivQuery(query: string, settings: ArxivSettings): URLSearchParams {
  const text = query.trim().slice(0, settings.maxQueryLength);
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > 0 && words.every((word) => ARXIV_ID.test(word)))
    return new URLSearchParams({ id_list: words.join(','), max_results: String(settings.topK) });
  // ":" names a field and "-" excludes a word in arXiv's syntax: a model's query means neither.
  const cleaned = text.replace(/[:-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return new URLSearchParams({
    search_query: `all:${cleaned}`,
    max_results: String(settings.topK),
    sortBy: 'relevance',
    sortOrder: 'descending',
  });
}

/** The arXiv id of a paper (`2401.01234v1`) from its abstract URL. */
function arxivIdOf(paper: ArxivPaper): string {
  const id = paper.id.replace(/^https?:\/\/arxiv\.org\/abs\//, '');
  if (!ARXIV_ID.test(id)) throw new Error(`"${paper.id}" is not an arXiv paper id`);
  return id;
}

function header(paper: ArxivPaper): string {
  const published = /^\d{4}-\d{2}-\d{2}/.exec(paper.published)?.[0] ?? 'Unknown';
  return `Published: ${published}\nTitle: ${paper.title}\nAuthors: ${paper.authors.join(', ')}\nSummary: ${paper.summary}`;
}

/** A PDF's text, fetched through the guarded client (from the base the API was asked at). */
async function pdfText(
  http: GuardedFetch,
  pdfBase: string,
  paper: ArxivPaper,
  signal: AbortSignal,
): Promise<string> {
  const id = arxivIdOf(paper);
  const url = endpointUrl(pdfBase, `/pdf/${id}`).toString();
  const answer = await fetchBytes(http, url, { signal, maxBytes: MAX_PDF_BYTES, timeoutMs: PDF_TIMEOUT_MS });
  if (answer.status >= 400)
    throw new Error(`${url} answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`);
  if (answer.bytes.byteLength === 0) throw new Error(`${url} answered an empty file`);
  const pages = await readPdf(
    { name: `${id}.pdf`, mime: 'application/pdf', data: answer.bytes },
    { usage: 'perFile', signal },
  );
  return pages.map((page) => page.pageContent).join('\n');
}

/** The Arxiv tool: searches arXiv's export API and answers summaries or full texts. */
export function arxivTool(options: {
  name: string;
  description: string;
  settings: ArxivSettings;
  http: GuardedFetch;
  baseUrl: string | undefined;
}): ToolHandle {
  const { settings, http } = options;
  const apiBase = options.baseUrl ?? ARXIV_API_URL;
  const pdfBase = options.baseUrl ?? ARXIV_PDF_URL;
  const cut = (text: string) => text.slice(0, settings.maxContentChars);
  return {
    kind: 'tool',
    name: options.name,
    description: options.description,
    inputSchema: z.object({
      query: z
        .string()
        .describe('Keywords, a topic or author names, or arXiv ids separated by spaces (e.g. 2401.01234)'),
    }),
    async invoke(args, { signal }) {
      const query = stringArgument(args, 'query');
      if (!query.trim()) throw new Error('Arxiv needs a query');
      const url = endpointUrl(apiBase, '/api/query');
      url.search = arxivQuery(query, settings).toString();
      const answer = await searchText({ service: SERVICE, http, url, init: { method: 'GET' }, signal });
      const feed = readArxivFeed(answer.text);
      if (!feed)
        throw new Error(
          `${SERVICE} did not answer with an Atom feed (${answer.contentType || 'no content type'}): ${answer.text.slice(0, 120)}`,
        );
      if ('error' in feed) throw new Error(`${SERVICE} refused the search: ${feed.error}`);
      const papers = feed.papers.slice(0, settings.topK);
      if (papers.length === 0) return 'No good Arxiv Result was found';
      if (!settings.loadFullContent) return cut(papers.map(header).join('\n\n'));
      const texts: string[] = [];
      for (const paper of papers) {
        try {
          const full = await pdfText(http, pdfBase, paper, signal);
          texts.push(cut(`${header(paper)}\n\nFull Content:\n${full}`));
        } catch (error) {
          signal.throwIfAborted();
          const message = error instanceof Error ? error.message : String(error);
          if (!settings.continueOnFailure)
            throw new Error(`${SERVICE} could not load the paper "${paper.title}": ${message}`, {
              cause: error,
            });
          texts.push(`${header(paper)}\n\n[ERROR: Could not load full content - ${message}]`);
        }
      }
      return texts.join('\n\n---\n\n');
    },
  };
}

/**
 * Searches arXiv for papers (Flowise's Arxiv tool): summaries by default, or each paper's PDF read
 * with our PDF loader when Load Full Content is on. Used by the "Deep Research With Subagents"
 * template's subagents.
 */
export const arxiv: NodeType = {
  icon: badgeIcon('aX', '#b31b1b'),
  definition: {
    label: 'Arxiv',
    name: 'arxiv',
    version: 1,
    type: 'Arxiv',
    category: 'Tools',
    baseClasses: ['Arxiv', 'Tool', 'DynamicStructuredTool', 'StructuredTool', 'Runnable'],
    description: 'Searches arXiv for academic papers and reads their abstracts or full text',
    inputs: [
      {
        label: 'Name',
        name: 'arxivName',
        type: 'string',
        default: ARXIV_DEFAULT_NAME,
        description: 'The tool’s name as the model sees it',
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Description',
        name: 'arxivDescription',
        type: 'string',
        rows: 4,
        default: DEFAULT_DESCRIPTION,
        description: 'Tells the model when to use the tool',
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Top K Results',
        name: 'topKResults',
        type: 'number',
        description: `How many papers a search answers (at most ${MAX_ARXIV_RESULTS})`,
        default: '3',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max Query Length',
        name: 'maxQueryLength',
        type: 'number',
        description: 'Longest query sent to arXiv, in characters',
        default: '300',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max Content Length',
        name: 'docContentCharsMax',
        type: 'number',
        description: `Most characters of the answer (of each paper with full content); 0 allows up to ${MAX_ARXIV_CONTENT_CHARS.toLocaleString('en')}`,
        default: '10000',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Load Full Content',
        name: 'loadFullContent',
        type: 'boolean',
        description: `Read each paper's PDF (up to ${sizeText(MAX_PDF_BYTES)}) instead of its abstract only; slower`,
        default: false,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Continue On Failure',
        name: 'continueOnFailure',
        type: 'boolean',
        description:
          'With Load Full Content: a paper whose PDF cannot be read keeps its abstract instead of failing the search',
        default: false,
        optional: true,
        additionalParams: true,
      },
      legacyBuildInput,
    ],
  },
  init(ctx): ToolHandle {
    const { inputs } = ctx;
    const given = stringInput(inputs.name) ?? stringInput(inputs.arxivName) ?? ARXIV_DEFAULT_NAME;
    const name = toolNameOf(given);
    if (!name) throw new Error(`Name "${given}" has no letters or digits a model accepts`);
    const maxContent = numberInput(inputs.docContentCharsMax);
    return arxivTool({
      name,
      description:
        stringInput(inputs.description) ?? stringInput(inputs.arxivDescription) ?? DEFAULT_DESCRIPTION,
      settings: {
        topK: within(numberInput(inputs.topKResults), 3, MAX_ARXIV_RESULTS),
        maxQueryLength: within(numberInput(inputs.maxQueryLength), 300, MAX_QUERY_CHARS),
        maxContentChars:
          maxContent === 0 ? MAX_ARXIV_CONTENT_CHARS : within(maxContent, 10_000, MAX_ARXIV_CONTENT_CHARS),
        loadFullContent: booleanInput(inputs.loadFullContent, false),
        continueOnFailure: booleanInput(inputs.continueOnFailure, false),
      },
      http: ctx.run.services.http,
      baseUrl: stringInput(ctx.run.services.providerBaseUrls.arxiv),
    });
  },
};
