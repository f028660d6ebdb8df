import { codeSeparators } from './languages.js';
import { splitRecursively, type ChunkSize } from './split.js';

/** Where Markdown is best cut: headings, code fences, rules, then as plain text. */
export const MARKDOWN_SEPARATORS = codeSeparators('markdown');

/** Markdown cut at headings, fences and rules first, then by size. */
export function splitMarkdown(text: string, size: ChunkSize): string[] {
  return splitRecursively(text, MARKDOWN_SEPARATORS, size);
}

const FENCE = /^\s{0,3}(```|~~~)/;

/**
 * Markdown cut into sections, one per heading of `level` or higher (`#` … `level` hashes); each
 * section keeps its heading line and is one chunk whatever its size. Text before the first such
 * heading is a section of its own; `#` lines inside code fences are not headings.
 */
export function splitByHeadings(text: string, level: number): string[] {
  const heading = new RegExp(`^#{1,${level}}\\s`);
  const sections: string[][] = [[]];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    if (!fenced && heading.test(line) && sections.at(-1)!.length > 0) sections.push([]);
    sections.at(-1)!.push(line);
  }
  return sections.map((lines) => lines.join('\n').trim()).filter((section) => section !== '');
}
