import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { truncate } from '@flowloom/shared';
import { useAppSelector } from '../../../useAppSelector';

/** Cloud: organization and workspace breadcrumb chips. */
export function OrganizationChips() {
  const user = useAppSelector((s) => s.auth.user);
  if (!user) return null;
  const organization = `${user.name || user.email}'s Organization`;
  return (
    <Breadcrumbs aria-label="Organization and workspace" sx={{ display: { xs: 'none', md: 'flex' } }}>
      <Chip
        size="small"
        variant="outlined"
        icon={<ApartmentOutlinedIcon />}
        label={truncate(organization, 28)}
      />
      <Chip
        size="small"
        variant="outlined"
        icon={<WorkspacesOutlinedIcon />}
        label={truncate(user.activeWorkspace, 24)}
      />
    </Breadcrumbs>
  );
}
