import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';
import { MAX_MARKDOWN_LENGTH } from './parseMarkdown';

// Issue 10, finding 8: the hand-written parser took quadratic time (`"_a "` × 20,000 took 23 s)
// or overflowed the stack (deep nesting). Each of these must render within the default test
// timeout; no duration is asserted, only that the whole text comes out.
const shownAsText: [string, string][] = [
  ['"_a " × 20,000', '_a '.repeat(20_000)],
  ['"*a " × 20,000', '*a '.repeat(20_000)],
  ['"**a " × 20,000', '**a '.repeat(20_000)],
  ['"~~a " × 20,000', '~~a '.repeat(20_000)],
  ['"[a](" × 20,000', '[a]('.repeat(20_000)],
  ['"[a](<" × 20,000', '[a](<'.repeat(20_000)],
  ['"[" × 50,000', '['.repeat(50_000)],
  ['20,000 backticks after a word', 'a' + '`'.repeat(20_000)],
  ['"<" × 50,000', '<'.repeat(50_000)],
  ['"a <![CDATA[" × 8,000', 'a <![CDATA['.repeat(8_000)],
  ['a line of 50,000 stars after a word', 'a' + '**'.repeat(25_000)],
];

describe('Markdown renderer on pathological input (issue 10)', () => {
  it.each(shownAsText)('renders %s as its text', (_name, text) => {
    const { container } = render(<Markdown text={text} />);
    expect(container.textContent).toBe(text.trim());
  });

  it('renders 20,000 nested quotes ("> " × 20,000) as plain text', () => {
    const text = '> '.repeat(20_000) + 'deep';
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('blockquote')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('renders a list nested 10,000 deep as plain text, losing nothing', () => {
    const text = 'before\n\n' + '- '.repeat(10_000) + 'deep\n\nafter';
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('ul')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('renders a line of 50,000 stars as a rule', () => {
    const { container } = render(<Markdown text={'**'.repeat(25_000)} />);
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('still reads moderately nested lists and quotes as Markdown', () => {
    const text = Array.from({ length: 10 }, (_, depth) => `${'  '.repeat(depth)}- level ${depth}`).join('\n');
    const { container } = render(<Markdown text={`${text}\n\n> > > quoted`} />);
    expect(container.querySelectorAll('ul')).toHaveLength(10);
    expect(container.querySelectorAll('blockquote')).toHaveLength(3);
  });

  it(`shows a text longer than ${MAX_MARKDOWN_LENGTH} characters as it is`, () => {
    const text = '**not bold** '.repeat(Math.ceil(MAX_MARKDOWN_LENGTH / 13) + 1);
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it(`reads a text of ${MAX_MARKDOWN_LENGTH} characters as Markdown`, () => {
    const text = '**bold**'.padEnd(MAX_MARKDOWN_LENGTH, ' x');
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('strong')).toHaveTextContent('bold');
  });
});
