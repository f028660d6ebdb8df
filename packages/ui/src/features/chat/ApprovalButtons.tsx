import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { ApprovalAction } from './agentGraphMessages';

/**
 * The approve and reject buttons of a run paused before tools. "Yes" and "No" read as a green check
 * and a red cross; other labels are plain buttons. Clicking sends the label as the answer.
 */
export function ApprovalButtons({
  action,
  busy,
  onChoose,
}: {
  action: ApprovalAction;
  busy: boolean;
  onChoose: (label: string) => void;
}) {
  return (
    <Box role="group" aria-label="Approve the tool calls" sx={{ display: 'flex', gap: 1, mt: 1 }}>
      {(action.elements ?? []).map((element) => {
        const approve = element.type === 'approve-button';
        const reject = element.type === 'reject-button';
        const standard = (approve && element.label === 'Yes') || (reject && element.label === 'No');
        return (
          <Button
            key={`${element.type}-${element.label}`}
            size="small"
            variant={approve ? 'contained' : 'outlined'}
            color={standard ? (approve ? 'success' : 'error') : 'primary'}
            startIcon={standard ? approve ? <CheckIcon /> : <CloseIcon /> : undefined}
            disabled={busy}
            onClick={() => onChoose(element.label)}
          >
            {element.label}
          </Button>
        );
      })}
    </Box>
  );
}
