import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../api/api';
import { useAccess } from '../../../app/useAccess';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { UpsertHistoryDrawer } from '../../../components/upsert/UpsertHistoryDrawer';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';
import { removeDirty } from '../canvasSlice';
import type { ShellDocument } from '../shell/canvasKind';
import type { FlowEditorState } from '../shell/useFlowEditor';
import { DUPLICATED_FLOW_KEY } from './duplicatedFlow';

const FlowConfigDialog = lazy(() => import('../../flow-config/FlowConfigDialog'));

const ViewMessagesDialog = lazy(() =>
  import('../../flow-messages/ViewMessagesDialog').then((m) => ({ default: m.ViewMessagesDialog })),
);
const ViewLeadsDialog = lazy(() =>
  import('../../flow-messages/ViewLeadsDialog').then((m) => ({ default: m.ViewLeadsDialog })),
);
const ExportAsTemplateDialog = lazy(() =>
  import('../../marketplace/ExportAsTemplateDialog').then((m) => ({ default: m.ExportAsTemplateDialog })),
);

/** What a canvas kind adds to the settings menu. */
export interface FlowSettingsExtras {
  /** The chatflow canvas offers its upsert history. */
  upsertHistory?: boolean;
}

type Dialog = 'config' | 'upsertHistory' | 'messages' | 'leads' | 'template' | null;

/**
 * The canvas "Settings" menu (SHARING.md §7): View Messages, View Leads, Upsert History,
 * Configuration, Save As Template, Duplicate, Load, Export, Delete — each only with its permission
 * of the flow's family; a flow not saved yet offers only Load.
 */
export function FlowSettingsMenu<D extends ShellDocument>({
  editor,
  onLoadFile,
  onExport,
  extras = {},
}: {
  editor: FlowEditorState<D>;
  onLoadFile: (file: File) => void;
  onExport: () => void;
  extras?: FlowSettingsExtras;
}) {
  const access = useAccess();
  const confirm = useConfirm();
  const notify = useNotify();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { kind, chatflow, name, isDirty } = editor;
  const isAgent = kind.flowType !== 'CHATFLOW';
  const family = isAgent ? 'agentflows' : 'chatflows';
  const Noun = isAgent ? 'Agents' : 'Chatflow';
  const can = (action: string) => access.can(`${family}:${action}`);

  const close = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  const duplicate = () => {
    if (!chatflow) return;
    localStorage.setItem(DUPLICATED_FLOW_KEY, chatflow.flowData);
    window.open(kind.editorPath, '_blank');
  };

  const remove = async () => {
    if (!chatflow) return;
    const confirmed = await confirm({
      title: 'Delete',
      description: `Delete ${isAgent ? 'Agent' : 'Chatflow'} ${chatflow.name}?`,
      confirmButtonName: 'Delete',
    });
    if (!confirmed) return;
    try {
      await api.delete(`/chatflows/${encodeURIComponent(chatflow.id)}`);
      localStorage.removeItem(`${chatflow.id}_INTERNAL`);
      dispatch(removeDirty());
      notify.success(`${isAgent ? 'Agent' : 'Chatflow'} ${chatflow.name} deleted`);
      void navigate(kind.listPath);
    } catch (error) {
      notify.error(error, { prefix: `Failed to delete ${name}: ` });
    }
  };

  const saveAsTemplate = () => {
    if (isDirty) {
      notify.error('Please save the flow before exporting as template');
      return;
    }
    setDialog('template');
  };

  const items: { key: string; label: string; icon: ReactNode; onClick: () => void; show: boolean }[] =
    chatflow
      ? [
          {
            key: 'messages',
            label: 'View Messages',
            icon: <ChatOutlinedIcon />,
            onClick: () => setDialog('messages'),
            show: true,
          },
          {
            key: 'leads',
            label: 'View Leads',
            icon: <ContactMailOutlinedIcon />,
            onClick: () => setDialog('leads'),
            show: true,
          },
          {
            key: 'upsert',
            label: 'Upsert History',
            icon: <HistoryIcon />,
            onClick: () => setDialog('upsertHistory'),
            show: !isAgent && extras.upsertHistory === true,
          },
          {
            key: 'config',
            label: 'Configuration',
            icon: <TuneOutlinedIcon />,
            onClick: () => setDialog('config'),
            show: can('config'),
          },
          {
            key: 'template',
            label: 'Save As Template',
            icon: <BookmarkAddOutlinedIcon />,
            onClick: saveAsTemplate,
            show: access.can('templates:flowexport'),
          },
          {
            key: 'duplicate',
            label: `Duplicate ${Noun}`,
            icon: <ContentCopyOutlinedIcon />,
            onClick: duplicate,
            show: can('duplicate'),
          },
          {
            key: 'load',
            label: `Load ${Noun}`,
            icon: <FileUploadOutlinedIcon />,
            onClick: () => picker.current?.click(),
            show: can('import'),
          },
          {
            key: 'export',
            label: `Export ${Noun}`,
            icon: <FileDownloadOutlinedIcon />,
            onClick: onExport,
            show: can('export'),
          },
          {
            key: 'delete',
            label: `Delete ${Noun}`,
            icon: <DeleteOutlineIcon />,
            onClick: () => void remove(),
            show: can('delete'),
          },
        ]
      : [
          {
            key: 'load',
            label: `Load ${Noun}`,
            icon: <FileUploadOutlinedIcon />,
            onClick: () => picker.current?.click(),
            show: can('import'),
          },
        ];
  const shown = items.filter((item) => item.show);
  if (shown.length === 0) return null;

  return (
    <>
      <input
        ref={picker}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={`File for Load ${Noun}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onLoadFile(file);
          event.target.value = '';
        }}
      />
      <Tooltip title="Settings">
        <IconButton
          aria-label="Settings"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ flexShrink: 0, ml: { xs: 0, sm: 0.5 } }}
        >
          <SettingsOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {shown.map((item) => (
          <MenuItem
            key={item.key}
            onClick={close(item.onClick)}
            sx={item.key === 'delete' ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={item.key === 'delete' ? { color: 'error.main' } : undefined}>
              {item.icon}
            </ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {dialog && dialog !== 'upsertHistory' && chatflow && (
        <Suspense
          fallback={
            <LinearProgress
              aria-label="Opening the dialog"
              sx={{ position: 'fixed', top: 0, left: 0, right: 0 }}
            />
          }
        >
          {dialog === 'config' && (
            <FlowConfigDialog flow={chatflow} isAgent={isAgent} onClose={() => setDialog(null)} />
          )}
          {dialog === 'messages' && (
            <ViewMessagesDialog open flow={chatflow} onClose={() => setDialog(null)} />
          )}
          {dialog === 'leads' && <ViewLeadsDialog open flow={chatflow} onClose={() => setDialog(null)} />}
          {dialog === 'template' && (
            <ExportAsTemplateDialog
              open
              flow={{ id: chatflow.id, name: chatflow.name, type: chatflow.type }}
              onClose={() => setDialog(null)}
            />
          )}
        </Suspense>
      )}
      {dialog === 'upsertHistory' && chatflow && (
        <UpsertHistoryDrawer id={chatflow.id} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
