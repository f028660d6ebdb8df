import { alpha, type Theme } from '@mui/material/styles';

/** Canvas look (React Flow variables, handles, edges, the delete button on edges), per theme. */
export function canvasStyles(theme: Theme) {
  const dark = theme.palette.mode === 'dark';
  const primary = theme.palette.primary.main;
  return {
    '& .react-flow': {
      '--xy-background-color': theme.palette.background.default,
      '--xy-background-pattern-color': dark ? 'rgba(255,255,255,0.14)' : 'rgba(17,24,39,0.18)',
      '--xy-edge-stroke': dark ? '#6B7280' : '#9CA3AF',
      '--xy-edge-stroke-selected': primary,
      '--xy-edge-stroke-width': 2,
      '--xy-connectionline-stroke': primary,
      '--xy-connectionline-stroke-width': 2,
      '--xy-minimap-background-color': theme.palette.background.paper,
      '--xy-controls-button-background-color': theme.palette.background.paper,
      '--xy-controls-button-border-color': theme.palette.divider,
      '--xy-selection-background-color': alpha(primary, 0.08),
      '--xy-selection-border': `1px dashed ${alpha(primary, 0.6)}`,
    },
    '& .react-flow__controls': {
      borderRadius: '10px',
      overflow: 'hidden',
      border: `1px solid ${theme.palette.divider}`,
      boxShadow: dark ? '0 4px 16px rgba(0,0,0,0.4)' : '0 4px 16px rgba(17,24,39,0.08)',
    },
    '& .react-flow__controls-button': { width: 30, height: 30 },
    '& .react-flow__controls-button.active svg': { fill: primary },
    '& .react-flow__minimap': {
      borderRadius: '10px',
      overflow: 'hidden',
      border: `1px solid ${theme.palette.divider}`,
    },
    '& .react-flow__edge.selected .react-flow__edge-path, & .react-flow__edge:focus .react-flow__edge-path': {
      strokeWidth: 3,
    },
    '& .flowloom-handle': {
      width: 12,
      height: 12,
      background: primary,
      border: `2px solid ${theme.palette.background.paper}`,
      boxShadow: `0 0 0 1px ${alpha(primary, 0.5)}`,
      transition: 'transform 120ms ease',
    },
    '& .flowloom-handle:hover': { transform: 'translate(-50%, -50%) scale(1.3)' },
    '& .react-flow__handle-right.flowloom-handle:hover': { transform: 'translate(50%, -50%) scale(1.3)' },
    '& .flowloom-handle.connectingto': { background: theme.palette.error.main },
    '& .flowloom-handle.connectingto.valid, & .flowloom-handle.valid': {
      background: theme.palette.success.main,
    },
    '& .flowloom-edge-middle': {
      position: 'absolute',
      display: 'flex',
      alignItems: 'center',
      gap: 4,
      pointerEvents: 'all',
    },
    '& .flowloom-edge-button': {
      flexShrink: 0,
      width: 20,
      height: 20,
      padding: 0,
      borderRadius: '50%',
      border: `1px solid ${theme.palette.divider}`,
      background: theme.palette.background.paper,
      color: theme.palette.text.secondary,
      fontSize: 14,
      lineHeight: '17px',
      cursor: 'pointer',
      opacity: 0.85,
      boxShadow: '0 1px 4px rgba(0,0,0,0.12)',
      transition: 'background 120ms ease, color 120ms ease',
    },
    '& .flowloom-edge-button:hover, & .flowloom-edge-button.selected': {
      background: theme.palette.error.main,
      borderColor: theme.palette.error.main,
      color: '#fff',
      opacity: 1,
    },
    ...compactCardStyles(theme),
    ...silhouetteStyles(theme),
  } as const;
}

/** Styles of the zoomed-out node cards (CompactNodeCard): plain class names, computed once. */
function compactCardStyles(theme: Theme) {
  // Plain CSS values with units: inside `sx`, bare numbers for spacing and radius are theme-scaled.
  const dark = theme.palette.mode === 'dark';
  const { divider } = theme.palette;
  return {
    '& .flc-card': {
      width: '300px',
      background: theme.palette.background.paper,
      border: `1px solid ${divider}`,
      borderRadius: '12px',
      color: theme.palette.text.primary,
      fontSize: '13px',
      fontWeight: 500,
    },
    '& .flc-card.selected': {
      borderColor: theme.palette.primary.main,
      outline: `1px solid ${theme.palette.primary.main}`,
    },
    '& .flc-header': { display: 'flex', alignItems: 'center', gap: '12px', padding: '12px 16px' },
    '& .flc-icon': {
      width: '36px',
      height: '36px',
      borderRadius: '50%',
      background: dark ? 'rgba(255,255,255,0.92)' : '#fff',
      border: `1px solid ${divider}`,
      padding: '4px',
      objectFit: 'contain',
    },
    '& .flc-titles': { minWidth: 0 },
    '& .flc-title': {
      fontSize: '15px',
      fontWeight: 650,
      lineHeight: 1.3,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
    },
    '& .flc-sub': { fontSize: '12px', color: theme.palette.text.secondary, fontWeight: 400 },
    '& .flc-band': {
      padding: '4px 16px',
      borderTop: `1px solid ${divider}`,
      borderBottom: `1px solid ${divider}`,
      background: dark ? 'rgba(255,255,255,0.04)' : 'rgba(17,24,39,0.035)',
      fontSize: '12px',
      fontWeight: 600,
      letterSpacing: '0.06em',
      textTransform: 'uppercase',
      color: theme.palette.text.secondary,
      textAlign: 'center',
    },
    '& .flc-anchors': { padding: '4px 0' },
    '& .flc-anchor': { position: 'relative', padding: '8px 16px' },
    '& .flc-desc': {
      fontSize: '12px',
      fontWeight: 400,
      lineHeight: 1.35,
      color: theme.palette.text.secondary,
    },
    '& .flc-params': { paddingTop: '10px' },
    '& .flc-param': { position: 'relative', padding: '0 16px', marginBottom: '12px' },
    '& .flc-param > .flc-label': { marginBottom: '6px' },
    '& .flc-field': {
      border: `1px solid ${divider}`,
      borderRadius: '10px',
      padding: '8.5px 14px',
      lineHeight: 1.5,
      fontWeight: 400,
      color: theme.palette.text.secondary,
      overflow: 'hidden',
      whiteSpace: 'pre-wrap',
    },
    '& .flc-inline': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      minHeight: '38px',
    },
    '& .flc-inline > .flc-label': { marginBottom: 0 },
    '& .flc-switch': {
      width: '34px',
      height: '14px',
      borderRadius: '7px',
      background: theme.palette.action.disabled,
    },
    '& .flc-switch.on': { background: theme.palette.primary.main },
    '& .flc-button': {
      margin: '0 16px 12px',
      height: '31px',
      border: `1px solid ${divider}`,
      borderRadius: '10px',
    },
    '& .flc-output': { position: 'relative', padding: '10px 16px', textAlign: 'right' },
    '& .flc-select': { textAlign: 'left', height: '40px' },
    '& .flc-branch': { padding: '8px 16px' },
  } as const;
}

/** The colours of a sticky note, editable or drawn as a silhouette. */
export function noteColors(theme: Theme) {
  return theme.palette.mode === 'dark'
    ? { background: '#3A3418', border: '#5C5326', text: '#F5EBC0', placeholder: '#A79C68' }
    : { background: '#FFF6BF', border: '#F0DF85', text: '#3F3A1C', placeholder: '#9B8F4E' };
}

/** Styles of nodes drawn as silhouettes (NodeSilhouette), at zooms too far out to read a card. */
function silhouetteStyles(theme: Theme) {
  const note = noteColors(theme);
  return {
    '& .fls-node': {
      boxSizing: 'border-box',
      overflow: 'hidden',
      padding: '24px',
      background: theme.palette.background.paper,
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: '12px',
      color: theme.palette.text.primary,
    },
    '& .fls-node.selected': {
      borderColor: theme.palette.primary.main,
      outline: `4px solid ${theme.palette.primary.main}`,
    },
    // Large type: still a few pixels tall when the whole flow is in view.
    '& .fls-title': {
      display: '-webkit-box',
      WebkitLineClamp: 3,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
      fontSize: '44px',
      fontWeight: 700,
      lineHeight: 1.15,
      // Words wrap whole; only a word longer than the card is cut.
      overflowWrap: 'break-word',
    },
    '& .fls-note': {
      background: note.background,
      borderColor: note.border,
      color: note.text,
    },
    '& .fls-note .fls-title': {
      display: 'block',
      fontSize: '14px',
      fontWeight: 400,
      lineHeight: 1.55,
      whiteSpace: 'pre-wrap',
    },
  } as const;
}
