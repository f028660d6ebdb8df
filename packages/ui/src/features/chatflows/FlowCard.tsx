import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Chatflow } from '@flowloom/shared';
import { truncate } from '@flowloom/shared';
import type { ReactNode } from 'react';
import { formatRelativeTime } from '../../components/formatRelativeTime';
import { flowNodeLabels } from './flowKinds';

/** The `;`-separated categories of a flow. */
export const flowCategories = (flow: Chatflow) =>
  (flow.category ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);

const AVATAR_COLORS = ['#5B5BD6', '#14B8A6', '#F59E0B', '#EC4899', '#0EA5E9', '#8B5CF6'];

/** A flow in the card grid: name, categories, node preview, last change. */
export function FlowCard({
  flow,
  onOpen,
  actions,
}: {
  flow: Chatflow;
  onOpen: () => void;
  actions: ReactNode;
}) {
  const nodes = flowNodeLabels(flow.flowData);
  const categories = flowCategories(flow);
  return (
    <Card
      sx={{
        position: 'relative',
        transition: 'box-shadow .2s, border-color .2s',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 8px 24px -12px rgba(91,91,214,0.45)' },
      }}
    >
      <CardActionArea
        onClick={onOpen}
        sx={{ p: 2.5, height: '100%', alignItems: 'stretch' }}
        aria-label={`Open ${flow.name}`}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 4 }}>
          <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontWeight: 700 }}>
            {flow.name.trim().charAt(0).toUpperCase() || '?'}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" noWrap title={flow.name}>
              {truncate(flow.name, 48)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Updated {formatRelativeTime(flow.updatedDate)}
            </Typography>
          </Box>
        </Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            mt: 2.5,
            minHeight: 28,
          }}
        >
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {categories.slice(0, 3).map((c) => (
              <Chip key={c} label={c} size="small" variant="outlined" />
            ))}
            {categories.length === 0 && (
              <Typography variant="caption" color="text.secondary">
                {nodes.length === 0 ? 'Empty flow' : `${nodes.length} node${nodes.length === 1 ? '' : 's'}`}
              </Typography>
            )}
          </Box>
          {nodes.length > 0 && (
            <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 26, height: 26, fontSize: 11 } }}>
              {nodes.map((label, i) => (
                <Avatar
                  key={`${label}-${i}`}
                  title={label}
                  sx={{ bgcolor: AVATAR_COLORS[i % AVATAR_COLORS.length] }}
                >
                  {label.charAt(0).toUpperCase()}
                </Avatar>
              ))}
            </AvatarGroup>
          )}
        </Box>
      </CardActionArea>
      <Box sx={{ position: 'absolute', top: 12, right: 8 }}>{actions}</Box>
    </Card>
  );
}
