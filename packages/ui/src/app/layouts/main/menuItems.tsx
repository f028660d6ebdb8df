import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import DatasetOutlinedIcon from '@mui/icons-material/DatasetOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import DataObjectOutlinedIcon from '@mui/icons-material/DataObjectOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RuleOutlinedIcon from '@mui/icons-material/RuleOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import type { ReactNode } from 'react';

export interface MenuItem {
  id: string;
  title: string;
  url: string;
  icon: ReactNode;
  /** Permission id (comma list = any of them); none = visible to every signed-in user. */
  permission?: string;
  /** Feature flag that must be enabled. */
  feature?: string;
}

export interface MenuGroup {
  id: string;
  /** Group caption; the primary group has none. */
  title?: string;
  items: MenuItem[];
}

/** The side menu of SPEC §2, in order. */
export const MENU: MenuGroup[] = [
  {
    id: 'primary',
    items: [
      {
        id: 'chatflows',
        title: 'Chatflows',
        url: '/chatflows',
        icon: <AccountTreeOutlinedIcon />,
        permission: 'chatflows:view',
      },
      {
        id: 'agentflows',
        title: 'Agentflows',
        url: '/agentflows',
        icon: <HubOutlinedIcon />,
        permission: 'agentflows:view',
      },
      {
        id: 'executions',
        title: 'Executions',
        url: '/executions',
        icon: <PlayCircleOutlineIcon />,
        permission: 'executions:view',
      },
      {
        id: 'assistants',
        title: 'Assistants',
        url: '/assistants',
        icon: <SmartToyOutlinedIcon />,
        permission: 'assistants:view',
      },
      {
        id: 'marketplaces',
        title: 'Marketplaces',
        url: '/marketplaces',
        icon: <StorefrontOutlinedIcon />,
        permission: 'templates:marketplace,templates:custom',
      },
      { id: 'tools', title: 'Tools', url: '/tools', icon: <BuildOutlinedIcon />, permission: 'tools:view' },
      {
        id: 'credentials',
        title: 'Credentials',
        url: '/credentials',
        icon: <LockOutlinedIcon />,
        permission: 'credentials:view',
      },
      {
        id: 'variables',
        title: 'Variables',
        url: '/variables',
        icon: <DataObjectOutlinedIcon />,
        permission: 'variables:view',
      },
      {
        id: 'apikey',
        title: 'API Keys',
        url: '/apikey',
        icon: <KeyOutlinedIcon />,
        permission: 'apikeys:view',
      },
      {
        id: 'document-stores',
        title: 'Document Stores',
        url: '/document-stores',
        icon: <LibraryBooksOutlinedIcon />,
        permission: 'documentStores:view',
      },
    ],
  },
  {
    id: 'evaluations',
    title: 'Evaluations',
    items: [
      {
        id: 'datasets',
        title: 'Datasets',
        url: '/datasets',
        icon: <DatasetOutlinedIcon />,
        permission: 'datasets:view',
        feature: 'feat:datasets',
      },
      {
        id: 'evaluators',
        title: 'Evaluators',
        url: '/evaluators',
        icon: <RuleOutlinedIcon />,
        permission: 'evaluators:view',
        feature: 'feat:evaluators',
      },
      {
        id: 'evaluations',
        title: 'Evaluations',
        url: '/evaluations',
        icon: <FactCheckOutlinedIcon />,
        permission: 'evaluations:view',
        feature: 'feat:evaluations',
      },
    ],
  },
  {
    id: 'management',
    title: 'User & Workspace Management',
    items: [
      {
        id: 'sso',
        title: 'SSO Config',
        url: '/sso-config',
        icon: <AdminPanelSettingsOutlinedIcon />,
        permission: 'sso:manage',
        feature: 'feat:sso-config',
      },
      {
        id: 'roles',
        title: 'Roles',
        url: '/roles',
        icon: <BadgeOutlinedIcon />,
        permission: 'roles:manage',
        feature: 'feat:roles',
      },
      {
        id: 'users',
        title: 'Users',
        url: '/users',
        icon: <GroupOutlinedIcon />,
        permission: 'users:manage',
        feature: 'feat:users',
      },
      {
        id: 'workspaces',
        title: 'Workspaces',
        url: '/workspaces',
        icon: <WorkspacesOutlinedIcon />,
        permission: 'workspace:view',
        feature: 'feat:workspaces',
      },
      {
        id: 'login-activity',
        title: 'Login Activity',
        url: '/login-activity',
        icon: <HistoryOutlinedIcon />,
        permission: 'loginActivity:view',
        feature: 'feat:login-activity',
      },
    ],
  },
  {
    id: 'others',
    title: 'Others',
    items: [
      {
        id: 'logs',
        title: 'Logs',
        url: '/logs',
        icon: <ReceiptLongOutlinedIcon />,
        permission: 'logs:view',
        feature: 'feat:logs',
      },
      {
        id: 'account',
        title: 'Account Settings',
        url: '/account',
        icon: <ManageAccountsOutlinedIcon />,
        feature: 'feat:account',
      },
    ],
  },
];
