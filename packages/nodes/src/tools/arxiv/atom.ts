import { localName, xmlTokens } from '../../document-loaders/readers/xml.js';

/** One paper of an arXiv API answer. */
export interface ArxivPaper {
  /** The abstract page's URL (`http://arxiv.org/abs/2401.01234v1`). */
  id: string;
  title: string;
  summary: string;
  authors: string[];
  published: string;
  updated: string;
}

/** What the arXiv API answered: the papers, or the error it reports as an entry of its own. */
export type ArxivFeed = { papers: ArxivPaper[] } | { error: string };

const ERROR_ID = /^https?:\/\/arxiv\.org\/api\/errors/;
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Reads the Atom feed of arXiv's export API. Entries without an id, title or summary are left out;
 * text that is no Atom feed at all gives `undefined`.
 */
export function readArxivFeed(xml: string): ArxivFeed | undefined {
  const papers: ArxivPaper[] = [];
  let sawFeed = false;
  let entry: Record<string, string> | undefined;
  let authors: string[] = [];
  /** The element whose text is being read, inside an entry (or its author). */
  let field: string | undefined;
  let inAuthor = false;
  for (const token of xmlTokens(xml)) {
    if (token.kind === 'open') {
      const name = localName(token.name);
      if (name === 'feed') sawFeed = true;
      else if (name === 'entry') {
        entry = {};
        authors = [];
      } else if (entry && name === 'author') inAuthor = !token.selfClosing;
      else if (entry && !token.selfClosing) field = inAuthor ? `author.${name}` : name;
    } else if (token.kind === 'close') {
      const name = localName(token.name);
      if (name === 'entry' && entry) {
        const paper = {
          id: clean(entry.id ?? ''),
          title: clean(entry.title ?? ''),
          summary: clean(entry.summary ?? ''),
          authors,
          published: clean(entry.published ?? ''),
          updated: clean(entry.updated ?? ''),
        };
        if (ERROR_ID.test(paper.id)) return { error: paper.summary || paper.title || 'unknown error' };
        if (paper.id && paper.title && paper.summary) papers.push(paper);
        entry = undefined;
      } else if (name === 'author') inAuthor = false;
      field = undefined;
    } else if (entry && field) {
      if (field === 'author.name') authors.push(clean(token.text));
      else if (!field.startsWith('author.')) entry[field] = (entry[field] ?? '') + token.text;
    }
  }
  return sawFeed ? { papers } : undefined;
}
