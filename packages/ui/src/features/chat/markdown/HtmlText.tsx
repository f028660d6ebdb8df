import Box from '@mui/material/Box';
import { Fragment, memo, useMemo, type ReactNode } from 'react';
import { Markdown, markdownSx } from './Markdown';
import { safeHref } from './parseMarkdown';

/** Elements kept as they are; any other element gives its text only. */
const KEPT = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
]);
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'head']);

const imageSource = (src: string | null) =>
  src && (/^https:\/\//i.test(src) || /^data:image\/(png|jpe?g|gif|webp);/i.test(src)) ? src : null;

function render(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map(render);
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href') ?? '');
    return href ? (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <Fragment key={key}>{children}</Fragment>
    );
  }
  if (tag === 'img') {
    const src = imageSource(element.getAttribute('src'));
    return src ? (
      <img key={key} src={src} alt={element.getAttribute('alt') ?? ''} style={{ maxWidth: '100%' }} />
    ) : null;
  }
  if (!KEPT.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  const Tag = tag as 'p';
  return tag === 'br' || tag === 'hr' ? <Tag key={key} /> : <Tag key={key}>{children}</Tag>;
}

const looksLikeHtml = (text: string) => /<([a-z][a-z0-9]*)(\s[^>]*)?\/?>/i.test(text);

/**
 * An answer with HTML in it (the chatbot's "Render HTML" setting): the markup is read by the
 * browser's inert parser and rebuilt as React elements from a short list of text elements, links
 * (http, https, mailto) and https or inline pictures — no attribute, script or style survives. Text
 * without markup is Markdown as usual.
 */
export const HtmlText = memo(function HtmlText({ text }: { text: string }) {
  const nodes = useMemo(() => {
    if (!looksLikeHtml(text) || typeof DOMParser === 'undefined') return undefined;
    const body = new DOMParser().parseFromString(text, 'text/html').body;
    return [...body.childNodes].map(render);
  }, [text]);
  if (!nodes) return <Markdown text={text} />;
  return <Box sx={markdownSx}>{nodes}</Box>;
});
