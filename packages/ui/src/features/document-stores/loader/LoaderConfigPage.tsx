import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import type { DocumentStore, DocumentStoreLoader, NodeDefinition } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useApiQuery } from '../../../api/useApiQuery';
import { useAccess } from '../../../app/useAccess';
import { ComponentInputsForm } from '../../../components/nodeForm/ComponentInputsForm';
import type { RichParam } from '../../canvas/document/types';
import { textOf } from '../../canvas/inputs/paramEditorProps';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';
import { useNotify } from '../../notifications/useNotify';
import { documentStoresApi, type LoaderPreview } from '../documentStoresApi';
import { StorePageState } from '../StorePageState';
import { StoreTitle } from '../StoreTitle';
import {
  DEFAULT_PREVIEW_COUNT,
  defaultValues,
  initialLoaderForm,
  loaderBodyOf,
  missingLoaderFields,
  takesSplitter,
  WEB_SCRAPERS,
  type LoaderFormState,
} from './loaderForm';
import { linksOf, ManageLinksDialog } from './ManageLinksDialog';
import { PreviewPanel } from './PreviewPanel';

interface LoaderPageData {
  store: DocumentStore;
  loader: NodeDefinition;
  existing?: DocumentStoreLoader;
  splitters: NodeDefinition[];
}

/** The store, the loader component (named, or of the saved loader `name`) and the text splitters. */
async function loadPage(storeId: string, name: string): Promise<LoaderPageData> {
  const [store, loaders, splitters] = await Promise.all([
    documentStoresApi.get(storeId),
    documentStoresApi.loaders(),
    documentStoresApi.splitters(),
  ]);
  const existing = store.loaders.find((loader) => loader.id === name);
  const componentName = existing?.loaderId ?? name;
  const loader = loaders.find((item) => item.name === componentName);
  if (!loader) throw new Error(`Document loader ${componentName} is not available on this server`);
  return { store, loader, splitters, ...(existing && { existing }) };
}

/** `/document-stores/:storeId/:name`: a loader's settings, a preview of its chunks, and Process. */
export default function LoaderConfigPage() {
  const { storeId = '', name = '' } = useParams();
  const page = useApiQuery(() => loadPage(storeId, name), [storeId, name]);
  if (!page.data) return <StorePageState query={page} what="This document loader" />;
  return <LoaderEditor key={`${storeId}/${name}`} {...page.data} />;
}

function LoaderEditor({ store, loader, existing, splitters }: LoaderPageData) {
  const navigate = useNavigate();
  const notify = useNotify();
  const access = useAccess();
  const [form, setForm] = useState<LoaderFormState>(() =>
    initialLoaderForm(
      loader,
      existing,
      splitters.find((item) => item.name === existing?.splitterId),
    ),
  );
  const [count, setCount] = useState(String(DEFAULT_PREVIEW_COUNT));
  const [preview, setPreview] = useState<LoaderPreview | null>(null);
  const [previewError, setPreviewError] = useState('');
  const [busy, setBusy] = useState<'preview' | 'process' | null>(null);
  const [managingLinks, setManagingLinks] = useState(false);
  const splitter = splitters.find((item) => item.name === form.splitterName);
  const storePath = `/document-stores/${store.id}`;
  const canProcess = access.can('documentStores:preview-process');

  const patchLoader = (patch: Record<string, unknown>) =>
    setForm((current) => ({ ...current, loaderValues: { ...current.loaderValues, ...patch } }));
  const patchSplitter = (patch: Record<string, unknown>) =>
    setForm((current) => ({ ...current, splitterValues: { ...current.splitterValues, ...patch } }));
  const chooseSplitter = (next: string) => {
    const chosen = splitters.find((item) => item.name === next);
    setForm((current) => ({
      ...current,
      splitterName: next,
      splitterValues: {
        ...(chosen ? defaultValues(chosen) : {}),
        ...(next === existing?.splitterId ? (existing.splitterConfig ?? {}) : {}),
      },
    }));
  };

  /** The request body, or nothing (after saying what is missing). */
  const body = (previewChunkCount?: number) => {
    const missing = missingLoaderFields(form, loader, splitter);
    if (missing.length > 0) {
      notify.error(`Please fill in the following mandatory fields: ${missing.join(', ')}`, {
        variant: 'warning',
      });
      return undefined;
    }
    return loaderBodyOf({
      storeId: store.id,
      ...(existing && { loaderId: existing.id }),
      loader,
      ...(splitter && { splitter }),
      form,
      ...(previewChunkCount !== undefined && { previewChunkCount }),
    });
  };

  const runPreview = async () => {
    const wanted = Math.max(1, Math.floor(Number(count)) || DEFAULT_PREVIEW_COUNT);
    const request = body(wanted);
    if (!request) return;
    setBusy('preview');
    setPreviewError('');
    try {
      setPreview(await documentStoresApi.preview(request));
    } catch (error) {
      setPreviewError(`Failed to preview chunks: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const process = async () => {
    const request = body();
    if (!request) return;
    setBusy('process');
    try {
      const saved = await documentStoresApi.saveLoader(request);
      // Processing runs on the server; the store page shows its progress, so it is not awaited.
      // The saved settings name the files stored by the save, so they are not sent again.
      documentStoresApi
        .process(saved.id, { ...request, id: saved.id, loaderConfig: saved.loaderConfig })
        .catch((error: unknown) => notify.error(error, { prefix: 'Failed to process chunking: ' }));
      notify.success('File submitted for processing. Redirecting to Document Store..');
      void navigate(storePath);
    } catch (error) {
      notify.error(error, { prefix: 'Failed to process chunking: ' });
      setBusy(null);
    }
  };

  const scraper = WEB_SCRAPERS.has(loader.name);
  const selectedLinks = linksOf(form.loaderValues.selectedLinks);
  const manageLinks = (input: RichParam) =>
    scraper &&
    input.name === 'url' && (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: -0.5, mb: 1.5 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<LinkIcon />}
          onClick={() => setManagingLinks(true)}
        >
          Manage Links
        </Button>
        <Typography variant="caption" color="text.secondary">
          {selectedLinks.length > 0 ? `${selectedLinks.length} links selected` : 'No links selected'}
        </Typography>
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }}>
      <StoreTitle
        title={`${store.name} / ${existing?.loaderName ?? loader.label}`}
        description={loader.description}
        onBack={() => void navigate(storePath)}
        actions={
          canProcess && (
            <Button variant="contained" onClick={() => void process()} disabled={busy !== null}>
              {busy === 'process' ? 'Processing…' : 'Process'}
            </Button>
          )
        }
      />
      {!canProcess && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can look at this loader&apos;s settings; previewing and processing need the preview &amp;
          process permission.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(340px, 5fr) 7fr' } }}>
        <Card variant="outlined" sx={{ p: 2.5, alignSelf: 'start' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <NodeIcon name={loader.name} label={loader.label} size={36} />
            <Typography variant="h4" component="h2">
              {loader.label}
            </Typography>
          </Box>
          <TextField
            label={`${loader.label} Loader Name`}
            size="small"
            fullWidth
            value={form.loaderName}
            onChange={(event) => setForm((current) => ({ ...current, loaderName: event.target.value }))}
            sx={{ mb: 2 }}
          />
          <ComponentInputsForm
            component={loader}
            values={form.loaderValues}
            onChange={patchLoader}
            testId="loader-form"
            afterInput={manageLinks}
          />
          {takesSplitter(loader) && (
            <>
              <Divider sx={{ my: 2 }} />
              <TextField
                select
                label="Splitter"
                size="small"
                fullWidth
                value={form.splitterName || 'none'}
                onChange={(event) => chooseSplitter(event.target.value === 'none' ? '' : event.target.value)}
                sx={{ mb: 2 }}
              >
                <MenuItem value="none">None</MenuItem>
                {splitters.map((item) => (
                  <MenuItem key={item.name} value={item.name}>
                    {item.label}
                  </MenuItem>
                ))}
              </TextField>
              {splitter && (
                <ComponentInputsForm
                  key={splitter.name}
                  component={splitter}
                  values={form.splitterValues}
                  onChange={patchSplitter}
                  testId="splitter-form"
                />
              )}
            </>
          )}
        </Card>
        <PreviewPanel
          preview={preview}
          count={count}
          busy={busy === 'preview'}
          error={previewError}
          onCount={setCount}
          disabled={!canProcess}
          onPreview={() => void runPreview()}
        />
      </Box>
      {managingLinks && (
        <ManageLinksDialog
          loaderLabel={loader.label}
          url={typeof form.loaderValues.url === 'string' ? form.loaderValues.url : ''}
          relativeLinksMethod={textOf(form.loaderValues.relativeLinksMethod) || 'webCrawl'}
          limit={textOf(form.loaderValues.limit) || '10'}
          selected={selectedLinks}
          onClose={() => setManagingLinks(false)}
          onSave={(links, url) => {
            patchLoader({ selectedLinks: links, ...(url && { url }) });
            setManagingLinks(false);
          }}
        />
      )}
    </Box>
  );
}
