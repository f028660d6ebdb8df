import {
  CREDENTIAL_ID_KEY,
  type DocumentStoreLoader,
  type LoaderBody,
  type NodeDefinition,
} from '@flowloom/shared';
import { isFormInput, missingInputs } from '../../../components/nodeForm/componentInputs';

/** Loaders that crawl a site, whose links can be fetched and picked ("Manage Links"). */
export const WEB_SCRAPERS = new Set(['cheerioWebScraper', 'playwrightWebScraper', 'puppeteerWebScraper']);

/** How many chunks a preview shows unless the user asks for another number. */
export const DEFAULT_PREVIEW_COUNT = 20;

/** What the loader page edits. */
export interface LoaderFormState {
  loaderName: string;
  loaderValues: Record<string, unknown>;
  /** The text splitter's component name, or '' for none. */
  splitterName: string;
  splitterValues: Record<string, unknown>;
}

/** Whether a loader takes a text splitter (it has a `TextSplitter` anchor). */
export function takesSplitter(loader: NodeDefinition): boolean {
  return (loader.inputs ?? []).some(
    (input) => input.name === 'textSplitter' || input.type === 'TextSplitter',
  );
}

/** A component's inputs at their defaults (form inputs only). */
export function defaultValues(component: NodeDefinition): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const input of component.inputs ?? [])
    if (isFormInput(input) && input.default !== undefined)
      values[input.name] = structuredClone(input.default);
  return values;
}

/**
 * The form of a new loader of `component`, or of the saved `existing` one: its name, its settings
 * (the credential it was saved with in the form's credential field) and its splitter's.
 */
export function initialLoaderForm(
  component: NodeDefinition,
  existing?: DocumentStoreLoader,
  /** The saved loader's text splitter, for its defaults. */
  splitter?: NodeDefinition,
): LoaderFormState {
  if (!existing)
    return {
      loaderName: component.label,
      loaderValues: defaultValues(component),
      splitterName: '',
      splitterValues: {},
    };
  const loaderValues = { ...defaultValues(component), ...existing.loaderConfig };
  if (existing.credential && !loaderValues[CREDENTIAL_ID_KEY])
    loaderValues[CREDENTIAL_ID_KEY] = existing.credential;
  return {
    loaderName: existing.loaderName,
    loaderValues,
    splitterName: existing.splitterId ?? '',
    splitterValues: { ...(splitter ? defaultValues(splitter) : {}), ...(existing.splitterConfig ?? {}) },
  };
}

/**
 * The labels of the required fields left empty, the loader's then the splitter's: what the page
 * names in "Please fill in the following mandatory fields: …".
 */
export function missingLoaderFields(
  form: LoaderFormState,
  loader: NodeDefinition,
  splitter: NodeDefinition | undefined,
): string[] {
  return [
    ...missingInputs(loader, form.loaderValues, CREDENTIAL_ID_KEY),
    ...(splitter ? missingInputs(splitter, form.splitterValues, CREDENTIAL_ID_KEY) : []),
  ];
}

/** The body of `/loader/preview` and `/loader/save` for the form. */
export function loaderBodyOf({
  storeId,
  loaderId,
  loader,
  splitter,
  form,
  previewChunkCount,
}: {
  storeId: string;
  /** The saved loader being edited. */
  loaderId?: string;
  loader: NodeDefinition;
  splitter?: NodeDefinition;
  form: LoaderFormState;
  previewChunkCount?: number;
}): LoaderBody {
  const credential = form.loaderValues[CREDENTIAL_ID_KEY];
  return {
    storeId,
    ...(loaderId && { id: loaderId }),
    loaderId: loader.name,
    loaderName: form.loaderName.trim() || loader.label,
    loaderConfig: form.loaderValues,
    ...(splitter
      ? { splitterId: splitter.name, splitterName: splitter.label, splitterConfig: form.splitterValues }
      : { splitterId: null, splitterName: null, splitterConfig: null }),
    ...(typeof credential === 'string' && credential !== '' && { credential }),
    ...(previewChunkCount !== undefined && { previewChunkCount }),
  };
}
