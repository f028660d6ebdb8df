import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';

const STATUSES = {
  unauthorized: {
    icon: <BlockOutlinedIcon />,
    title: 'Unauthorized',
    description: 'You do not have permission to view this page. Ask your administrator for access.',
  },
  'license-expired': {
    icon: <EventBusyOutlinedIcon />,
    title: 'License expired',
    description:
      'The enterprise license of this installation has expired. Contact your administrator to renew it.',
  },
  'not-found': {
    icon: <TravelExploreOutlinedIcon />,
    title: 'Page not found',
    description: 'The address you followed does not exist in Flowloom.',
  },
} as const;

/** Unauthorized, license-expired and not-found screens. */
export default function StatusPage({ status }: { status: keyof typeof STATUSES }) {
  const { icon, title, description } = STATUSES[status];
  return (
    <Card sx={{ py: 2 }}>
      <EmptyState
        headingComponent="h1"
        icon={icon}
        title={title}
        description={description}
        action={
          <Stack direction="row" spacing={1} justifyContent="center">
            <Button component={RouterLink} to="/chatflows" variant="contained">
              Back to Flowloom
            </Button>
            {status === 'unauthorized' && (
              <Button component={RouterLink} to="/login" color="inherit">
                Sign in as someone else
              </Button>
            )}
          </Stack>
        }
      />
    </Card>
  );
}
