import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { DocumentStore, NodeDefinition } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useApiQuery } from '../../../api/useApiQuery';
import { useAccess } from '../../../app/useAccess';
import { EmptyState } from '../../../components/EmptyState';
import { ComponentInputsForm } from '../../../components/nodeForm/ComponentInputsForm';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';
import { useNotify } from '../../notifications/useNotify';
import { ChunkCard, ChunkGrid } from '../chunks/ChunkCard';
import { ChunkDialog, type ShownChunk } from '../chunks/ChunkDialog';
import { documentStoresApi, type QueryAnswer } from '../documentStoresApi';
import { StorePageState } from '../StorePageState';
import { StoreTitle } from '../StoreTitle';
import { VECTOR_CREDENTIAL_KEY, valuesFor } from '../vector/vectorConfig';
import { queryErrorText, scoreText } from './queryText';

interface QueryPageData {
  store: DocumentStore;
  vectorStore?: NodeDefinition;
}

async function loadPage(storeId: string): Promise<QueryPageData> {
  const store = await documentStoresApi.get(storeId);
  const name = store.vectorStoreConfig?.name;
  return { store, ...(name && { vectorStore: await documentStoresApi.node(name) }) };
}

/** `/document-stores/query/:storeId`: the retrieval playground. */
export default function RetrievalQueryPage() {
  const { storeId = '' } = useParams();
  const page = useApiQuery(() => loadPage(storeId), [storeId]);
  if (!page.data) return <StorePageState query={page} />;
  return <Playground key={storeId} {...page.data} />;
}

function Playground({ store, vectorStore }: QueryPageData) {
  const navigate = useNavigate();
  const notify = useNotify();
  const access = useAccess();
  const [query, setQuery] = useState('');
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    vectorStore ? valuesFor(vectorStore, store.vectorStoreConfig) : {},
  );
  const [answer, setAnswer] = useState<QueryAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'query' | 'save' | null>(null);
  const [open, setOpen] = useState<ShownChunk | null>(null);
  const storePath = `/document-stores/${store.id}`;
  const configured = !!vectorStore && !!store.embeddingConfig?.name;

  const retrieve = async () => {
    if (query.trim() === '' || busy) return;
    setBusy('query');
    setError('');
    try {
      setAnswer(await documentStoresApi.query({ storeId: store.id, query, inputs: values }));
    } catch (e) {
      setAnswer(null);
      setError(queryErrorText(errorMessage(e)));
    } finally {
      setBusy(null);
    }
  };

  const saveConfig = async () => {
    if (!vectorStore) return;
    setBusy('save');
    try {
      await documentStoresApi.updateVectorStore({
        storeId: store.id,
        vectorStoreName: vectorStore.name,
        vectorStoreConfig: values,
      });
      notify.success('Vector Store Config Successfully Updated');
    } catch (e) {
      notify.error(e, { prefix: 'Failed to update the vector store config: ' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }}>
      <StoreTitle
        title={store.name}
        description="Retrieval Playground - Test your vector store retrieval settings"
        onBack={() => void navigate(storePath)}
        actions={
          configured &&
          access.can('documentStores:upsert-config') && (
            <Button variant="outlined" onClick={() => void saveConfig()} disabled={busy !== null}>
              Save Config
            </Button>
          )
        }
      />
      {!configured ? (
        <EmptyState
          icon={<SettingsOutlinedIcon />}
          title="No vector store configured"
          description="Choose the embeddings and the vector store of this store, and upsert its chunks, before testing retrieval."
          action={
            <Button variant="contained" onClick={() => void navigate(`/document-stores/vector/${store.id}`)}>
              Configure and upsert
            </Button>
          }
        />
      ) : (
        <Box
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(320px, 4fr) 8fr' } }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignSelf: 'start' }}>
            <TextField
              label="Enter your Query"
              required
              multiline
              minRows={3}
              fullWidth
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void retrieve();
                }
              }}
              helperText="Enter retrieves; Shift+Enter starts a new line"
            />
            <Button
              variant="contained"
              startIcon={<SearchIcon />}
              onClick={() => void retrieve()}
              disabled={query.trim() === '' || busy !== null}
            >
              {busy === 'query' ? 'Retrieving…' : 'Retrieve'}
            </Button>
            <Card variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
                <NodeIcon name={vectorStore.name} label={vectorStore.label} size={32} />
                <Typography variant="h5" component="h2">
                  {vectorStore.label}
                </Typography>
              </Box>
              <ComponentInputsForm
                component={vectorStore}
                values={values}
                onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
                credentialKey={VECTOR_CREDENTIAL_KEY}
                testId="vector-store-form"
              />
            </Card>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="h4" component="h2">
              Retrieved Documents
            </Typography>
            {error && (
              <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-wrap' }}>
                {error}
              </Alert>
            )}
            {answer && (
              <Typography variant="body2" color="text.secondary">
                Count: {answer.docs.length}. Time taken: {answer.timeTaken} millis.
              </Typography>
            )}
            {answer && answer.docs.length === 0 && (
              <Typography color="text.secondary">No Documents Retrieved</Typography>
            )}
            {!answer && !error && (
              <Typography color="text.secondary">
                Enter a query to see which chunks the store retrieves.
              </Typography>
            )}
            {answer && answer.docs.length > 0 && (
              <ChunkGrid>
                {answer.docs.map((doc, index) => (
                  <ChunkCard
                    key={`${doc.id}-${index}`}
                    number={doc.chunkNo}
                    text={doc.pageContent}
                    metadata={doc.metadata}
                    extra={
                      typeof doc.score === 'number' && (
                        <Chip
                          size="small"
                          color="primary"
                          variant="outlined"
                          label={`${scoreText(doc.score)} match`}
                        />
                      )
                    }
                    onOpen={() => setOpen(doc)}
                  />
                ))}
              </ChunkGrid>
            )}
          </Box>
        </Box>
      )}
      {open && <ChunkDialog chunk={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
