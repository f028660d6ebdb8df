import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { memo, useMemo, type ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { parseMarkdown, type Block, type Inline } from './parseMarkdown';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const HEADING_SIZES = ['1.3rem', '1.15rem', '1.05rem', '1rem', '0.95rem', '0.9rem'];

// One style sheet on the root instead of a styled component per element: an answer may hold
// thousands of paragraphs, list items or links, and plain elements keep rendering them cheap.
export const markdownSx: SxProps<Theme> = (theme) => ({
  wordBreak: 'break-word',
  '& p, & li': { ...theme.typography.body2, lineHeight: 1.6 },
  '& p': { my: 0.75 },
  '& .md-plain': { whiteSpace: 'pre-wrap' },
  '& h1, & h2, & h3, & h4, & h5, & h6': {
    ...theme.typography.body1,
    fontWeight: 650,
    mt: 1.5,
    mb: 0.75,
    lineHeight: 1.3,
  },
  ...Object.fromEntries(HEADING_SIZES.map((fontSize, index) => [`& h${index + 1}`, { fontSize }])),
  '& a': { color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
  '& :not(pre) > code': {
    fontFamily: MONO,
    fontSize: '0.88em',
    px: 0.5,
    py: 0.125,
    borderRadius: '5px',
    bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'rgba(17,24,39,0.06)',
  },
  '& ul, & ol': { my: 0.75, pl: 3, '& > li': { my: 0.25 }, '& p': { my: 0.25 } },
  '& blockquote': { my: 1, mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
  '& .md-code': {
    my: 1,
    borderRadius: '8px',
    overflow: 'hidden',
    border: 1,
    borderColor: 'divider',
    bgcolor: theme.palette.mode === 'dark' ? '#0B0D12' : '#F6F7FB',
  },
  '& .md-code-bar': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    pl: 1.5,
    pr: 0.5,
    py: 0.25,
    borderBottom: 1,
    borderColor: 'divider',
    ...theme.typography.caption,
    color: 'text.secondary',
    fontFamily: MONO,
  },
  '& pre': { m: 0, p: 1.5, overflowX: 'auto', fontFamily: MONO, fontSize: 12.5, lineHeight: 1.55 },
  '& pre > code': { fontFamily: 'inherit' },
  '& .md-table': { my: 1, overflowX: 'auto' },
  '& table': {
    borderCollapse: 'collapse',
    fontSize: 13,
    '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
    '& th': { fontWeight: 600 },
  },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 1.5 },
  // Last, so that they win over the margins above.
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
});

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.value;
      case 'break':
        return <br key={index} />;
      case 'code':
        return <code key={index}>{node.value}</code>;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'del':
        return <del key={index}>{renderInline(node.children)}</del>;
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={index}>{renderInline(block.children)}</p>;
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return <Heading key={index}>{renderInline(block.children)}</Heading>;
    }
    case 'code':
      return (
        <div key={index} className="md-code">
          <div className="md-code-bar">
            <span>{block.language || 'text'}</span>
            <CopyButton text={block.value} label="Copy code" />
          </div>
          <pre>
            <code>{block.value}</code>
          </pre>
        </div>
      );
    case 'list': {
      const items = block.items.map((item, itemIndex) => (
        <li key={itemIndex}>
          {item.length === 1 && item[0]!.type === 'paragraph'
            ? renderInline(item[0]!.children)
            : item.map(renderBlock)}
        </li>
      ));
      return block.ordered ? (
        <ol key={index} start={block.start !== 1 ? block.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={index}>{items}</ul>
      );
    }
    case 'quote':
      return <blockquote key={index}>{block.children.map(renderBlock)}</blockquote>;
    case 'table':
      return (
        <div key={index} className="md-table">
          <table>
            <thead>
              <tr>
                {block.header.map((cell, cellIndex) => (
                  <th key={cellIndex}>{renderInline(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex}>{renderInline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'rule':
      return <hr key={index} />;
    case 'plain':
      return (
        <p key={index} className="md-plain">
          {block.value}
        </p>
      );
  }
}

/**
 * Markdown rendered as React elements (never as HTML): paragraphs, headings, emphasis, inline and
 * fenced code, lists, quotes, tables and http(s)/mailto links opening in a new tab. A text longer
 * than `MAX_MARKDOWN_LENGTH` (100,000 characters) is shown as plain text.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <Box sx={markdownSx}>{blocks.map(renderBlock)}</Box>;
});
