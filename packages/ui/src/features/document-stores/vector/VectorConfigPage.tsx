import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import type { DocumentStore, NodeDefinition, UpsertOutcome } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApiQuery } from '../../../api/useApiQuery';
import { useAccess } from '../../../app/useAccess';
import { UpsertHistoryDrawer } from '../../../components/upsert/UpsertHistoryDrawer';
import { UpsertResultDialog } from '../../../components/upsert/UpsertResultDialog';
import { useNotify } from '../../notifications/useNotify';
import { ComponentPickerDialog } from '../ComponentPickerDialog';
import { documentStoresApi } from '../documentStoresApi';
import { UpsertProgressBar } from '../status/UpsertProgressBar';
import { useLiveStore } from '../status/useLiveStore';
import { StorePageState } from '../StorePageState';
import { StoreTitle } from '../StoreTitle';
import { PartCard } from './PartCard';
import {
  EMPTY_PARTS,
  missingVectorFields,
  savedConfigs,
  savedParts,
  takesRecordManager,
  valuesFor,
  vectorConfigBody,
  vectorStoresFirstEmbedded,
  type VectorPart,
  type VectorParts,
} from './vectorConfig';

type Components = Record<VectorPart, NodeDefinition[]>;

const PICKER_TITLES: Record<VectorPart, string> = {
  embedding: 'Select Embeddings Provider',
  vectorStore: 'Select a Vector Store Provider',
  recordManager: 'Select a Record Manager',
};
const STEPS = ['Embeddings', 'Vector Store', 'Record Manager'];

async function loadComponents(): Promise<Components> {
  const [embedding, vectorStore, recordManager] = await Promise.all([
    documentStoresApi.embeddings(),
    documentStoresApi.vectorStores(),
    documentStoresApi.recordManagers(),
  ]);
  return { embedding, vectorStore: vectorStoresFirstEmbedded(vectorStore), recordManager };
}

/** `/document-stores/vector/:storeId[/:docId]`: embeddings, vector store and record manager; upsert. */
export default function VectorConfigPage() {
  const { storeId = '', docId } = useParams();
  const store = useLiveStore(storeId);
  const components = useApiQuery(loadComponents, []);
  if (!store.data) return <StorePageState query={store} />;
  if (!components.data) return <StorePageState query={components} what="The vector store settings" />;
  return (
    <VectorEditor
      key={storeId}
      store={store.data}
      docId={docId}
      components={components.data}
      track={store.track}
    />
  );
}

function VectorEditor({
  store,
  docId,
  components,
  track,
}: {
  store: DocumentStore;
  docId: string | undefined;
  components: Components;
  track: <T>(work: Promise<T>) => Promise<T>;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const access = useAccess();
  const canConfigure = access.can('documentStores:upsert-config');
  const [parts, setParts] = useState<VectorParts>(() => savedParts(savedConfigs(store), components));
  const [picking, setPicking] = useState<VectorPart | null>(null);
  const [busy, setBusy] = useState<'save' | 'upsert' | null>(null);
  const [result, setResult] = useState<UpsertOutcome | null>(null);
  const [history, setHistory] = useState(false);
  const loader = docId ? store.loaders.find((item) => item.id === docId) : undefined;
  const storePath = `/document-stores/${store.id}`;
  const recordManagerApplies = takesRecordManager(parts.vectorStore.component);
  const ready = !!parts.embedding.component && !!parts.vectorStore.component;

  const patch = (part: VectorPart, values: Record<string, unknown>) =>
    setParts((current) => ({
      ...current,
      [part]: { ...current[part], values: { ...current[part].values, ...values } },
    }));
  const choose = (part: VectorPart, component: NodeDefinition) => {
    setPicking(null);
    const saved = savedConfigs(store)[part];
    setParts((current) => ({ ...current, [part]: { component, values: valuesFor(component, saved) } }));
  };
  const remove = (part: VectorPart) =>
    setParts((current) => ({
      ...current,
      [part]: { values: {} },
      // Without a vector store there is nothing to keep records of.
      ...(part === 'vectorStore' && { recordManager: { values: {} } }),
    }));

  const save = async () => {
    setBusy('save');
    try {
      await documentStoresApi.saveVectorConfig(vectorConfigBody(store.id, parts));
      notify.success('Configuration saved successfully');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save configuration: ' });
    } finally {
      setBusy(null);
    }
  };

  const upsert = async () => {
    if (missingVectorFields(parts).length > 0) {
      notify.error('Please fill in all mandatory fields.', { variant: 'warning' });
      return;
    }
    setBusy('upsert');
    try {
      setResult(await track(documentStoresApi.insert(vectorConfigBody(store.id, parts, docId))));
    } catch (error) {
      notify.error(error, { prefix: 'Failed to upsert: ' });
    } finally {
      setBusy(null);
    }
  };

  const activeStep = !parts.embedding.component ? 0 : !parts.vectorStore.component ? 1 : 2;

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }}>
      <StoreTitle
        title={loader ? `${store.name} / ${loader.loaderName}` : store.name}
        description="Configure Embeddings, Vector Store and Record Manager"
        onBack={() => void navigate(storePath)}
        actions={
          <>
            {canConfigure && (
              <>
                <Button color="inherit" onClick={() => setParts(EMPTY_PARTS)} disabled={busy !== null}>
                  Reset
                </Button>
                <Button variant="outlined" onClick={() => void save()} disabled={busy !== null}>
                  Save Config
                </Button>
                <Button variant="contained" onClick={() => void upsert()} disabled={!ready || busy !== null}>
                  {busy === 'upsert' ? 'Upserting…' : 'Upsert'}
                </Button>
              </>
            )}
            <Tooltip title="Upsert History">
              <IconButton aria-label="Upsert History" onClick={() => setHistory(true)}>
                <HistoryIcon />
              </IconButton>
            </Tooltip>
          </>
        }
      />
      <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label, index) => (
          <Step
            key={label}
            completed={index < activeStep || (index === 2 && !!parts.recordManager.component)}
          >
            <StepLabel
              optional={index === 2 ? <Typography variant="caption">Optional</Typography> : undefined}
            >
              {label}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {busy === 'upsert' && (
        <Box sx={{ mb: 2 }}>
          <UpsertProgressBar progress={store.upsertProgress} />
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <PartCard
          title="Embeddings"
          selectLabel="Select Embeddings"
          part={parts.embedding}
          readOnly={!canConfigure}
          onSelect={() => setPicking('embedding')}
          onRemove={() => remove('embedding')}
          onChange={(values) => patch('embedding', values)}
        />
        <PartCard
          title="Vector Store"
          selectLabel="Select Vector Store"
          part={parts.vectorStore}
          disabled={!parts.embedding.component}
          readOnly={!canConfigure}
          onSelect={() => setPicking('vectorStore')}
          onRemove={() => remove('vectorStore')}
          onChange={(values) => patch('vectorStore', values)}
        />
        <PartCard
          title="Record Manager"
          selectLabel="Select Record Manager"
          part={recordManagerApplies ? parts.recordManager : { values: {} }}
          disabled={!parts.vectorStore.component || !recordManagerApplies}
          disabledText={
            parts.vectorStore.component && !recordManagerApplies
              ? 'Record Manager is not applicable for selected Vector Store'
              : undefined
          }
          readOnly={!canConfigure}
          onSelect={() => setPicking('recordManager')}
          onRemove={() => remove('recordManager')}
          onChange={(values) => patch('recordManager', values)}
        />
      </Box>
      {picking && (
        <ComponentPickerDialog
          title={PICKER_TITLES[picking]}
          load={() => Promise.resolve(components[picking])}
          selected={parts[picking].component?.name}
          onClose={() => setPicking(null)}
          onPick={(component) => choose(picking, component)}
        />
      )}
      {result && (
        <UpsertResultDialog
          result={result}
          onClose={() => setResult(null)}
          onTestRetrieval={() => void navigate(`/document-stores/query/${store.id}`)}
        />
      )}
      {history && <UpsertHistoryDrawer id={store.id} onClose={() => setHistory(false)} />}
    </Box>
  );
}
