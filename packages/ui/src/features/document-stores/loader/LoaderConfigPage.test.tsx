import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { documentStore, fakeServer, json, loader, withPermissions } from '../test/fakeServer';
import LoaderConfigPage from './LoaderConfigPage';

const PLAIN_TEXT = {
  name: 'plainText',
  baseClasses: ['Document'],
  version: 1,
  type: 'Node',
  label: 'Plain Text',
  description: 'Text typed in here',
  category: 'Document Loaders',
  inputs: [
    { label: 'Text', name: 'text', type: 'string', rows: 4 },
    { label: 'Text Splitter', name: 'textSplitter', type: 'TextSplitter', optional: true },
    { label: 'Additional Metadata', name: 'metadata', type: 'json', optional: true, additionalParams: true },
  ],
};
const PDF = {
  name: 'pdfFile',
  baseClasses: ['Document'],
  version: 1,
  type: 'Node',
  label: 'Pdf File',
  category: 'Document Loaders',
  inputs: [
    { label: 'Pdf File', name: 'pdfFile', type: 'file', fileType: '.pdf' },
    { label: 'Text Splitter', name: 'textSplitter', type: 'TextSplitter', optional: true },
  ],
};
const CHEERIO = {
  name: 'cheerioWebScraper',
  baseClasses: ['Document'],
  version: 1,
  type: 'Node',
  label: 'Cheerio Web Scraper',
  category: 'Document Loaders',
  inputs: [
    { label: 'URL', name: 'url', type: 'string' },
    {
      label: 'Get Relative Links Method',
      name: 'relativeLinksMethod',
      type: 'options',
      options: [{ label: 'Web Crawl', name: 'webCrawl' }],
      default: 'webCrawl',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Get Relative Links Limit',
      name: 'limit',
      type: 'number',
      default: '10',
      optional: true,
      additionalParams: true,
    },
  ],
};
const SPLITTER = {
  name: 'recursiveCharacterTextSplitter',
  baseClasses: ['Document'],
  version: 1,
  type: 'Node',
  label: 'Recursive Character Text Splitter',
  category: 'Text Splitters',
  inputs: [
    { label: 'Chunk Size', name: 'chunkSize', type: 'number', default: 1000, optional: true },
    { label: 'Chunk Overlap', name: 'chunkOverlap', type: 'number', default: 200, optional: true },
  ],
};

function serverWith(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/v1/document-store/store/store-1': () => json(documentStore()),
    'GET /api/v1/document-store/components/loaders': () => json([PLAIN_TEXT, PDF, CHEERIO]),
    'GET /api/v1/nodes/category/Text%20Splitters': () => json([SPLITTER]),
    ...routes,
  });
}

function renderPage(name: string) {
  return renderRoutes(
    [
      { path: '/document-stores/:storeId', element: <p>store page</p> },
      { path: '/document-stores/:storeId/:name', element: <LoaderConfigPage /> },
    ],
    { path: `/document-stores/store-1/${name}`, preloadedState: withPermissions() },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Loader page', () => {
  it('names the mandatory fields left empty instead of sending anything', async () => {
    const server = serverWith();
    renderPage('plainText');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Chunks' }));
    expect(
      await screen.findByText('Please fill in the following mandatory fields: Text'),
    ).toBeInTheDocument();
    expect(server.called('POST', '/api/v1/document-store/loader/preview')).toHaveLength(0);
  });

  it('previews the first chunks with the splitter and the count asked for', async () => {
    const server = serverWith({
      'POST /api/v1/document-store/loader/preview': () =>
        json({
          chunks: [
            { pageContent: 'Keep the lamp clean.', metadata: { source: 'notes' } },
            { pageContent: 'Log the weather.', metadata: {} },
          ],
          totalChunks: 9,
          previewChunkCount: 2,
        }),
    });
    renderPage('plainText');
    expect(await screen.findByRole('textbox', { name: 'Plain Text Loader Name' })).toHaveValue('Plain Text');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Text' }),
      'Keep the lamp clean. Log the weather.',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Splitter' }));
    await userEvent.click(screen.getByRole('option', { name: 'Recursive Character Text Splitter' }));
    expect(screen.getByRole('spinbutton', { name: 'Chunk Size' })).toHaveValue(1000);
    const count = screen.getByRole('spinbutton', { name: 'Show Chunks in Preview' });
    expect(count).toHaveValue(20);
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Preview Chunks' }));

    expect(await screen.findByText('2 of 9 Chunks')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '#1. Characters: 20' })).toHaveTextContent(
      '"source": "notes"',
    );
    expect(server.called('POST', '/api/v1/document-store/loader/preview')[0]!.body).toEqual({
      storeId: 'store-1',
      loaderId: 'plainText',
      loaderName: 'Plain Text',
      loaderConfig: { text: 'Keep the lamp clean. Log the weather.' },
      splitterId: 'recursiveCharacterTextSplitter',
      splitterName: 'Recursive Character Text Splitter',
      splitterConfig: { chunkSize: 1000, chunkOverlap: 200 },
      previewChunkCount: 2,
    });
  });

  it('shows why a preview failed, as the server said it', async () => {
    serverWith({
      'POST /api/v1/document-store/loader/preview': () =>
        json({ statusCode: 400, message: 'The PDF file is encrypted' }, 400),
    });
    renderPage('plainText');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Preview Chunks' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to preview chunks: The PDF file is encrypted',
    );
  });

  it('saves, starts processing without waiting for it, and goes back to the store', async () => {
    let finishProcessing: (response: Response) => void = () => undefined;
    const server = serverWith({
      'POST /api/v1/document-store/loader/save': () =>
        json(
          loader({
            id: 'new-loader',
            loaderId: 'pdfFile',
            loaderConfig: { pdfFile: 'FILE-STORAGE::["a.pdf"]' },
          }),
        ),
      'POST /api/v1/document-store/loader/process/new-loader': () =>
        new Promise<Response>((resolve) => (finishProcessing = resolve)),
    });
    const { router } = renderPage('pdfFile');
    const input = await screen.findByLabelText('Pdf File', { selector: 'input[type="file"]' });
    await userEvent.upload(input, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('a.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Process' }));

    expect(
      await screen.findByText('File submitted for processing. Redirecting to Document Store..'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-stores/store-1'));
    const saved = server.called('POST', '/api/v1/document-store/loader/save')[0]!.body as {
      loaderConfig: { pdfFile: string };
    };
    expect(saved.loaderConfig.pdfFile).toMatch(
      /^data:application\/pdf;base64,[A-Za-z0-9+/=]+,filename:a\.pdf$/,
    );
    // The processing request went out with the stored file names, not the file again.
    expect(server.called('POST', '/api/v1/document-store/loader/process/new-loader')[0]!.body).toMatchObject({
      id: 'new-loader',
      loaderId: 'pdfFile',
      loaderConfig: { pdfFile: 'FILE-STORAGE::["a.pdf"]' },
    });
    finishProcessing(json({ chunks: [], count: 0 }));
  });

  it('edits a saved loader with its settings filled in', async () => {
    serverWith();
    renderPage('loader-1');
    expect(await screen.findByRole('heading', { name: 'Handbook / Pdf File' })).toBeInTheDocument();
    expect(screen.getByText('handbook.pdf')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Splitter' })).toHaveTextContent(
      'Recursive Character Text Splitter',
    );
    expect(screen.getByRole('spinbutton', { name: 'Chunk Size' })).toHaveValue(400);
    expect(screen.getByRole('spinbutton', { name: 'Chunk Overlap' })).toHaveValue(200);
  });

  it('lets a web scraper fetch its links and keep the chosen ones', async () => {
    const server = serverWith({
      'GET /api/v1/fetch-links': () =>
        json({
          status: 'OK',
          links: ['https://example.com/', 'https://example.com/a', 'https://example.com/b'],
        }),
      'POST /api/v1/document-store/loader/preview': () =>
        json({ chunks: [], totalChunks: 0, previewChunkCount: 0 }),
    });
    renderPage('cheerioWebScraper');
    await userEvent.type(await screen.findByRole('textbox', { name: 'URL' }), 'https://example.com/');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Links' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Scraped Links - Cheerio Web Scraper' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fetch Links' }));
    expect(await within(dialog).findByText('Scraped Links (3)')).toBeInTheDocument();
    expect(Object.fromEntries(server.called('GET', '/api/v1/fetch-links')[0]!.url.searchParams)).toEqual({
      url: 'https://example.com/',
      relativeLinksMethod: 'webCrawl',
      limit: '10',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove https://example.com/a' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('2 links selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview Chunks' }));
    await waitFor(() =>
      expect(server.called('POST', '/api/v1/document-store/loader/preview')).toHaveLength(1),
    );
    expect(server.called('POST', '/api/v1/document-store/loader/preview')[0]!.body).toMatchObject({
      loaderConfig: {
        url: 'https://example.com/',
        selectedLinks: ['https://example.com/', 'https://example.com/b'],
      },
      splitterId: null,
    });
  });

  it('says when the loader is not offered by the server', async () => {
    serverWith();
    renderPage('github');
    expect(
      await screen.findByText('Document loader github is not available on this server'),
    ).toBeInTheDocument();
  });
});
