import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

// Issue 10, finding 8: every answer (also an anonymous one on a public page) goes through this
// renderer, so whatever the text holds it may only produce these elements, and only these links.
const ALLOWED_ELEMENTS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'a',
  'br',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  // The code block's language label and copy button (an MUI icon button).
  'span',
  'button',
  'svg',
  'path',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'class',
  'href',
  'target',
  'rel',
  'start',
  // The copy button and its icon.
  'type',
  'tabindex',
  'aria-label',
  'aria-hidden',
  'focusable',
  'viewbox',
  'd',
  'data-testid',
  'data-mui-internal-clone-element',
]);
const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** Raw HTML: never an element, whatever the tag; shown as text. */
const RAW_HTML = [
  '<img src=x onerror=alert(1)>',
  'text <img src=x onerror="alert(1)"> inline',
  '<script>alert(1)</script>',
  '<div>\n<script>alert(1)</script>\n</div>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<style>body{display:none}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!-- a comment --><img src=x>',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '\\<script>alert(1)\\</script>',
];

/** Links, autolinks, references and images to anything but http(s)/mailto: never a link. */
const UNSAFE_LINKS = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](java&#09;script:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;&#x61;vascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](  javascript:alert(1)  )',
  '[x](<javascript:alert(1)>)',
  '[x](%6Aavascript:alert(1))',
  '[x](\\javascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](file:///etc/passwd)',
  '[x](//evil.example/path)',
  '[x](/relative/path)',
  '[x](#fragment)',
  '[x](ftp://files.example/a)',
  '<javascript:alert(1)>',
  '<JAVASCRIPT:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '<vbscript:msgbox(1)>',
  'javascript:alert(1) and data:text/html,x as bare text',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '[r]\n\n[r]: data:text/html,<script>alert(1)</script>',
  '[x][r]\n\n[r]: <javascript:alert(1)> "title"',
  '[x][r]\n\n[r]: &#106;avascript:alert(1)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '![x][r]\n\n[r]: javascript:alert(1)',
  '[![x](javascript:alert(1))](javascript:alert(2))',
  '> [x](javascript:alert(1))\n> <img src=x onerror=alert(1)>',
  '- <script>alert(1)</script>\n- [x](vbscript:alert(1))',
];

/** Markup around or beside unsafe content, and safe links with hostile extras. */
const MIXED = [
  '<a href="https://example.com">a raw anchor stays text; its address is linked as a bare one</a>',
  '![a tracking pixel](https://tracker.example/p.png)',
  '[<img src=x onerror=alert(1)>](https://example.com)',
  '[&lt;script&gt;](https://example.com)',
  '[x](https://example.com "\\" onmouseover=\\"alert(1)")',
  'http://example.com/"onmouseover="alert(1)',
  '```html\n<script>alert(1)</script>\n```',
  '`<script>alert(1)</script>`',
  '| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |\n|---|---|\n| <script>alert(1)</script> | [ok](https://example.com) |',
  '# <img src=x onerror=alert(1)>',
];

function problems(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_ELEMENTS.has(tag)) found.push(`element <${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!ALLOWED_ATTRIBUTES.has(name.toLowerCase())) found.push(`attribute ${name} on <${tag}>`);
      if (name === 'href' && tag !== 'a') found.push(`href on <${tag}>`);
      if (name === 'href' && !SAFE_PROTOCOLS.includes(new URL(value).protocol)) found.push(`href ${value}`);
    }
    if (tag === 'a') {
      if (element.getAttribute('target') !== '_blank') found.push('link not opening a new tab');
      if (element.getAttribute('rel') !== 'noopener noreferrer')
        found.push('link without rel=noopener noreferrer');
    }
  }
  return found;
}

describe('Markdown renderer against script injection (issue 10)', () => {
  it.each([...RAW_HTML, ...UNSAFE_LINKS, ...MIXED])(
    'renders %j with allowed elements and http(s)/mailto links only',
    (text) => {
      const { container } = render(<Markdown text={text} />);
      expect(problems(container)).toEqual([]);
    },
  );

  it.each([...RAW_HTML, ...UNSAFE_LINKS])('renders %j without any link', (text) => {
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('a')).toBeNull();
  });

  it('shows raw HTML as its text', () => {
    const text = '<a href="javascript:alert(1)" onclick="alert(2)">x</a> <img src=x onerror=alert(1)>';
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('a, img')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('shows an image as a link by its alt text, never loading it', () => {
    const { container } = render(<Markdown text="![the chart](https://example.com/chart.png)" />);
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('href', 'https://example.com/chart.png');
    expect(link).toHaveTextContent('the chart');
  });

  it('keeps safe reference links, autolinks and mailto links', () => {
    const { container } = render(
      <Markdown
        text={
          '[docs][d], <https://example.com/a> and [mail](mailto:ada@example.com)\n\n[d]: https://example.com/docs'
        }
      />,
    );
    expect(Array.from(container.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'https://example.com/a',
      'mailto:ada@example.com',
    ]);
    expect(problems(container)).toEqual([]);
  });
});
