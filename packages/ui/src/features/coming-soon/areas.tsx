import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import DatasetOutlinedIcon from '@mui/icons-material/DatasetOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RuleOutlinedIcon from '@mui/icons-material/RuleOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import type { ReactNode } from 'react';

export interface AreaDescription {
  title: string;
  /** What the area is for, in one or two sentences. */
  description: string;
  /** What it will let the user do. */
  highlights: string[];
  icon: ReactNode;
}

/** Areas whose screens arrive in later releases; their routes and guards already exist. */
export const AREAS = {
  marketplaces: {
    title: 'Marketplaces',
    description: 'Templates to start from: community flows and the custom templates your team has saved.',
    highlights: [
      'Browse chatflow, agentflow and tool templates',
      'Preview a template on a read-only canvas',
      'Save your own flows as templates',
    ],
    icon: <StorefrontOutlinedIcon />,
  },
  documentStores: {
    title: 'Document Stores',
    description:
      'Knowledge for retrieval: load documents, split them into chunks, embed them and upsert them into a vector store.',
    highlights: ['Loaders for files, web pages and more', 'Review and edit chunks', 'Test retrieval queries'],
    icon: <LibraryBooksOutlinedIcon />,
  },
  datasets: {
    title: 'Datasets',
    description: 'Collections of inputs and expected outputs used to evaluate flows.',
    highlights: ['Add rows by hand or import a CSV', 'Reuse a dataset across evaluations'],
    icon: <DatasetOutlinedIcon />,
  },
  evaluators: {
    title: 'Evaluators',
    description: 'Rules and LLM judges that score the answers of a flow.',
    highlights: ['Text and numeric checks', 'LLM-graded criteria'],
    icon: <RuleOutlinedIcon />,
  },
  evaluations: {
    title: 'Evaluations',
    description: 'Run flows against datasets and compare the scores of each run.',
    highlights: ['Run evaluations on demand', 'Compare runs side by side'],
    icon: <FactCheckOutlinedIcon />,
  },
  logs: {
    title: 'Logs',
    description: 'Server logs for troubleshooting, filtered by time range.',
    highlights: ['Search and filter log lines', 'Download log files'],
    icon: <ReceiptLongOutlinedIcon />,
  },
  files: {
    title: 'Files',
    description: 'Files uploaded to flows and document stores, with their sizes.',
    highlights: ['See storage used per file', 'Remove files you no longer need'],
    icon: <FolderOpenOutlinedIcon />,
  },
  account: {
    title: 'Account Settings',
    description: 'Your organization, subscription, seats and billing details.',
    highlights: ['Change plan and seats', 'Manage billing and invoices'],
    icon: <ManageAccountsOutlinedIcon />,
  },
  users: {
    title: 'Users',
    description: 'Invite people to the organization and manage their access.',
    highlights: ['Invite by e-mail', 'Assign roles per workspace'],
    icon: <GroupOutlinedIcon />,
  },
  roles: {
    title: 'Roles',
    description: 'Named sets of permissions that decide what users can see and do.',
    highlights: ['Create roles from permissions', 'Assign roles to workspace users'],
    icon: <BadgeOutlinedIcon />,
  },
  loginActivity: {
    title: 'Login Activity',
    description: 'A record of sign-ins and sign-outs, successful and failed.',
    highlights: ['Filter by user, result and date', 'Spot repeated failed attempts'],
    icon: <HistoryOutlinedIcon />,
  },
  workspaces: {
    title: 'Workspaces',
    description: 'Separate spaces for teams, each with its own flows, credentials and members.',
    highlights: ['Create and rename workspaces', 'Add and remove workspace members'],
    icon: <WorkspacesOutlinedIcon />,
  },
  sso: {
    title: 'SSO Config',
    description: 'Single sign-on with your identity provider.',
    highlights: ['OpenID Connect providers', 'Test the configuration before enabling it'],
    icon: <AdminPanelSettingsOutlinedIcon />,
  },
  chatbot: {
    title: 'Chatbot',
    description: 'The public chat page of a deployed flow, shareable with anyone who has the link.',
    highlights: ['Full-page chat with streaming answers', 'Custom title, colours and welcome message'],
    icon: <ChatOutlinedIcon />,
  },
  execution: {
    title: 'Shared execution',
    description: 'A read-only, shareable view of one agentflow run.',
    highlights: ['Every step of the run with inputs and outputs'],
    icon: <AssessmentOutlinedIcon />,
  },
} satisfies Record<string, AreaDescription>;

export type AreaId = keyof typeof AREAS;
