import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { EmptyState } from '../../components/EmptyState';
import { MainCard } from '../../components/MainCard';
import { AREAS, type AreaId } from './areas';

/** The honest placeholder of an area that is not available in this version yet. */
export default function ComingSoonPage({ area }: { area: AreaId }) {
  const { title, description, highlights, icon } = AREAS[area];
  return (
    <Box sx={{ py: { xs: 2, md: 4 } }}>
      <MainCard maxWidth="small" data-testid="coming-soon">
        <EmptyState
          headingComponent="h1"
          size="large"
          tightBottom={highlights.length > 0}
          icon={icon}
          title={title}
          description={
            <>
              {description}
              <Box component="span" sx={{ display: 'block', mt: 1 }}>
                This area is not available in this version of Flowloom yet — it is coming in a later release.
              </Box>
            </>
          }
          action={<Chip label="Coming in a later release" color="primary" variant="outlined" />}
        />
        {highlights.length > 0 && (
          <Box sx={{ maxWidth: 440, mx: 'auto', pb: 2 }}>
            <Typography
              variant="overline"
              component="h2"
              color="text.secondary"
              sx={{ display: 'block', textAlign: 'center', mb: 0.5 }}
            >
              Planned, not available yet
            </Typography>
            <List dense aria-label="Planned capabilities" sx={{ pt: 0 }}>
              {highlights.map((text) => (
                <ListItem key={text}>
                  <ListItemIcon sx={{ minWidth: 34, color: 'text.disabled' }}>
                    <ScheduleOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={text} slotProps={{ primary: { color: 'text.secondary' } }} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </MainCard>
    </Box>
  );
}
