import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ImportProgressDialog } from './ImportProgressDialog';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { RELOAD_DELAY_MS, useImportData } from './useImportData';

let run: (file: File) => Promise<void> = () => Promise.resolve();

function Importer({ reload }: { reload: () => void }) {
  const { importing, importFile } = useImportData(reload);
  run = importFile;
  return <ImportProgressDialog open={importing} />;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('import', () => {
  it('posts the parsed file, announces success and reloads', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    const reload = vi.fn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<Importer reload={reload} />);
    await act(() => run(new File(['{"Variable":[]}'], 'ExportData.json')));
    const [url, init] = fetch.mock.calls[0]!;
    expect(urlOf(url)).toMatch(/\/api\/v1\/export-import\/import$/);
    expect(jsonBodyOf(init)).toEqual({ Variable: [] });
    expect(await screen.findByText('Import All successful')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(RELOAD_DELAY_MS);
    });
    expect(reload).toHaveBeenCalled();
  });

  it('refuses a non-JSON file without calling the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<Importer reload={() => undefined} />);
    await act(() => run(new File(['a,b'], 'data.csv')));
    expect(fetch).not.toHaveBeenCalled();
    expect(await screen.findByText('Failed to import: Only .json files can be imported')).toBeInTheDocument();
  });

  it('shows the server error, defaulting to "Invalid Imported File"', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ message: 'Bad bundle' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(new Response('', { status: 400 }));
    renderWithProviders(<Importer reload={() => undefined} />);
    await act(() => run(new File(['{}'], 'a.json')));
    expect(await screen.findByText('Failed to import: Bad bundle')).toBeInTheDocument();
    await act(() => run(new File(['{}'], 'b.json')));
    expect(await screen.findByText('Failed to import: Invalid Imported File')).toBeInTheDocument();
  });

  it('shows the progress texts while importing', () => {
    renderWithProviders(<ImportProgressDialog open />);
    expect(screen.getByText('Importing...')).toBeInTheDocument();
    expect(screen.getByText('Importing data might takes a while')).toBeInTheDocument();
  });
});
