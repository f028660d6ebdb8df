import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { memo, useMemo, type ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { parseMarkdown, type Block, type Inline } from './parseMarkdown';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.value;
      case 'break':
        return <br key={index} />;
      case 'code':
        return (
          <Box
            key={index}
            component="code"
            sx={(theme) => ({
              fontFamily: MONO,
              fontSize: '0.88em',
              px: 0.5,
              py: 0.125,
              borderRadius: '5px',
              bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'rgba(17,24,39,0.06)',
            })}
          >
            {node.value}
          </Box>
        );
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'del':
        return <del key={index}>{renderInline(node.children)}</del>;
      case 'link':
        return (
          <Link key={index} href={node.href} target="_blank" rel="noopener noreferrer" underline="hover">
            {renderInline(node.children)}
          </Link>
        );
    }
  });
}

const HEADING_SIZES = ['1.3rem', '1.15rem', '1.05rem', '1rem', '0.95rem', '0.9rem'];

function renderBlocks(blocks: Block[]): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'paragraph':
        return (
          <Typography key={index} component="p" variant="body2" sx={{ my: 0.75, lineHeight: 1.6 }}>
            {renderInline(block.children)}
          </Typography>
        );
      case 'heading':
        return (
          <Typography
            key={index}
            component={`h${block.level}`}
            sx={{
              fontSize: HEADING_SIZES[block.level - 1],
              fontWeight: 650,
              mt: 1.5,
              mb: 0.75,
              lineHeight: 1.3,
            }}
          >
            {renderInline(block.children)}
          </Typography>
        );
      case 'code':
        return (
          <Box
            key={index}
            sx={(theme) => ({
              my: 1,
              borderRadius: '8px',
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
              bgcolor: theme.palette.mode === 'dark' ? '#0B0D12' : '#F6F7FB',
            })}
          >
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                pl: 1.5,
                pr: 0.5,
                py: 0.25,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO }}>
                {block.language || 'text'}
              </Typography>
              <CopyButton text={block.value} label="Copy code" />
            </Box>
            <Box
              component="pre"
              sx={{ m: 0, p: 1.5, overflowX: 'auto', fontFamily: MONO, fontSize: 12.5, lineHeight: 1.55 }}
            >
              <code>{block.value}</code>
            </Box>
          </Box>
        );
      case 'list':
        return (
          <Box
            key={index}
            component={block.ordered ? 'ol' : 'ul'}
            start={block.ordered && block.start !== 1 ? block.start : undefined}
            sx={{ my: 0.75, pl: 3, '& > li': { my: 0.25 }, '& p': { my: 0.25 } }}
          >
            {block.items.map((item, itemIndex) => (
              <Typography key={itemIndex} component="li" variant="body2" sx={{ lineHeight: 1.6 }}>
                {item.length === 1 && item[0]!.type === 'paragraph'
                  ? renderInline(item[0]!.children)
                  : renderBlocks(item)}
              </Typography>
            ))}
          </Box>
        );
      case 'quote':
        return (
          <Box
            key={index}
            component="blockquote"
            sx={{ my: 1, mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
          >
            {renderBlocks(block.children)}
          </Box>
        );
      case 'table':
        return (
          <Box key={index} sx={{ my: 1, overflowX: 'auto' }}>
            <Box
              component="table"
              sx={{
                borderCollapse: 'collapse',
                fontSize: 13,
                '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
                '& th': { fontWeight: 600 },
              }}
            >
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
            </Box>
          </Box>
        );
      case 'rule':
        return (
          <Box key={index} component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', my: 1.5 }} />
        );
    }
  });
}

/**
 * Markdown rendered as React elements (never as HTML): paragraphs, headings, emphasis, inline and
 * fenced code, lists, quotes, tables and http(s)/mailto links opening in a new tab.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <Box sx={{ '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 }, wordBreak: 'break-word' }}>
      {renderBlocks(blocks)}
    </Box>
  );
});
