import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';
import { parseInline, parseMarkdown, safeHref } from './parseMarkdown';

describe('markdown parsing', () => {
  it('reads paragraphs, headings, emphasis, code and lists', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome **bold** and *italic* `code`.\n\n- one\n- two\n\n1. first\n2. second',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list']);
    expect(parseInline('**a** *b* `c` ~~d~~')).toEqual([
      { type: 'strong', children: [{ type: 'text', value: 'a' }] },
      { type: 'text', value: ' ' },
      { type: 'em', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'c' },
      { type: 'text', value: ' ' },
      { type: 'del', children: [{ type: 'text', value: 'd' }] },
    ]);
  });

  it('keeps snake_case words and lone stars as text', () => {
    expect(parseInline('use snake_case_name and 2 * 3')).toEqual([
      { type: 'text', value: 'use snake_case_name and 2 * 3' },
    ]);
  });

  it('reads fenced code blocks, also unclosed ones while streaming', () => {
    expect(parseMarkdown('```ts\nconst a = "<b>";\n```')).toEqual([
      { type: 'code', language: 'ts', value: 'const a = "<b>";' },
    ]);
    expect(parseMarkdown('```\npartial')).toEqual([{ type: 'code', language: '', value: 'partial' }]);
  });

  it('accepts only http(s) and mailto links', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });
});

describe('Markdown rendering', () => {
  it('renders links that open safely in a new tab', () => {
    const { container } = render(
      <Markdown text="See [the docs](https://example.com) or https://flowloom.dev." />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[1]).toHaveAttribute('href', 'https://flowloom.dev/');
    expect(container.textContent).toContain('https://flowloom.dev.');
  });

  it('renders script tags and raw HTML as text', () => {
    const text = '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> <b>bold?</b>';
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('renders javascript: links as their text, not as links', () => {
    const { container } = render(
      <Markdown text="[click me](javascript:alert(document.cookie)) [x](JAVASCRIPT:evil)" />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('[click me](javascript:alert(document.cookie))');
  });

  it('renders code blocks, lists, headings and tables as elements', () => {
    const { container } = render(
      <Markdown
        text={
          '## Steps\n\n1. first\n2. second\n\n```js\nalert("<hi>")\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |'
        }
      />,
    );
    expect(container.querySelector('h2')).toHaveTextContent('Steps');
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('pre code')).toHaveTextContent('alert("<hi>")');
    expect(container.querySelectorAll('td')).toHaveLength(2);
  });
});
