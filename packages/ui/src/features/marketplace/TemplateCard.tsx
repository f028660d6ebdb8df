import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { truncate, type MarketplaceTemplate } from '@flowloom/shared';
import type { ReactNode } from 'react';
import { NodeIcon } from '../canvas/nodes/NodeIcon';
import { ToolIcon } from '../tools/ToolIcon';
import { badgesOf, templateNodes, templateTitle } from './templates';

/** Badge colours: POPULAR primary, DEPRECATED warning, anything else error (as Flowise). */
export function badgeColor(badge: string): 'primary' | 'warning' | 'error' {
  const upper = badge.toUpperCase();
  if (upper === 'POPULAR') return 'primary';
  if (upper === 'DEPRECATED') return 'warning';
  return 'error';
}

/** Up to three node icons of a flow template and "+ N More", or the tool's icon. */
export function TemplateIcons({ template }: { template: MarketplaceTemplate }) {
  if (template.type === 'Tool')
    return (
      <ToolIcon
        name={template.name || templateTitle(template)}
        color={template.color || '#607d8b'}
        iconSrc={template.iconSrc || null}
        size={32}
      />
    );
  const nodes = templateNodes(template.flowData);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }} aria-label="Nodes">
      {nodes.slice(0, 3).map((node) => (
        <Tooltip key={node.name} title={node.label}>
          <span>
            <NodeIcon name={node.name} label={node.label} size={32} />
          </span>
        </Tooltip>
      ))}
      {nodes.length > 3 && (
        <Typography variant="caption" color="text.secondary">
          + {nodes.length - 3} More
        </Typography>
      )}
    </Box>
  );
}

/** A template in the card grid: name, description, node icons and its badge in the corner. */
export function TemplateCard({
  template,
  onOpen,
  actions,
}: {
  template: MarketplaceTemplate;
  onOpen: () => void;
  actions?: ReactNode;
}) {
  const title = templateTitle(template);
  const badge = badgesOf(template)[0];
  return (
    <Card
      sx={{
        position: 'relative',
        height: '100%',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 8px 24px -12px rgba(91,91,214,0.45)' },
      }}
    >
      {badge && (
        <Chip
          label={badge}
          size="small"
          color={badgeColor(badge)}
          sx={{ position: 'absolute', top: 10, right: actions ? 44 : 10, fontWeight: 700, zIndex: 1 }}
        />
      )}
      <CardActionArea
        onClick={onOpen}
        aria-label={`Open template ${title}`}
        sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Typography variant="h5" sx={{ pr: badge ? 10 : 4 }}>
          {truncate(title, 60)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {template.type}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, flex: 1, minHeight: 40 }}>
          {truncate(template.description || '', 140)}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <TemplateIcons template={template} />
        </Box>
      </CardActionArea>
      {actions && <Box sx={{ position: 'absolute', top: 8, right: 8 }}>{actions}</Box>}
    </Card>
  );
}
