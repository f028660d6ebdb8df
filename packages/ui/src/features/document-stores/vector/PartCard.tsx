import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { ComponentInputsForm } from '../../../components/nodeForm/ComponentInputsForm';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';
import { EMBEDDED_VECTOR_STORE } from '../storeVectors';
import { VECTOR_CREDENTIAL_KEY, type PartState } from './vectorConfig';

/**
 * One column of the vector configuration (embeddings, vector store, record manager): a big
 * "Select …" button until a component is chosen, then its form, with Change and Remove.
 */
export function PartCard({
  title,
  selectLabel,
  part,
  disabled = false,
  disabledText,
  readOnly = false,
  onSelect,
  onRemove,
  onChange,
}: {
  title: string;
  selectLabel: string;
  part: PartState;
  disabled?: boolean;
  /** What the select button says while it is disabled. */
  disabledText?: string;
  readOnly?: boolean;
  onSelect: () => void;
  onRemove: () => void;
  onChange: (patch: Record<string, unknown>) => void;
}) {
  const { component } = part;
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ p: 2, alignSelf: 'start' }}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {!component ? (
        <Button
          fullWidth
          variant="outlined"
          startIcon={!disabled && <AddIcon />}
          disabled={disabled || readOnly}
          onClick={onSelect}
          sx={{ mt: 1, py: 4, borderStyle: 'dashed', whiteSpace: 'normal' }}
        >
          {disabled && disabledText ? disabledText : selectLabel}
        </Button>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1, mb: 2 }}>
            <NodeIcon name={component.name} label={component.label} size={36} />
            <Typography variant="h5" component="h3" sx={{ flex: 1, minWidth: 0 }}>
              {component.label}
            </Typography>
            {!readOnly && (
              <>
                <Tooltip title="Change">
                  <IconButton size="small" aria-label={`Change ${title}`} onClick={onSelect}>
                    <SwapHorizIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Remove">
                  <IconButton size="small" aria-label={`Remove ${title}`} onClick={onRemove}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Box>
          {component.name === EMBEDDED_VECTOR_STORE && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The embedded vector store keeps vectors in Flowloom&apos;s own database: it needs no settings
              and nothing else to run.
            </Alert>
          )}
          <ComponentInputsForm
            component={component}
            values={part.values}
            onChange={onChange}
            credentialKey={VECTOR_CREDENTIAL_KEY}
            testId={`${title}-form`}
          />
        </>
      )}
    </Card>
  );
}
