import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialSettings } from '../../app/settingsSlice';
import { signedIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ExportDialog } from './ExportDialog';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { EXPORT_BUNDLE_KEYS } from '@flowloom/shared';
import { EXPORT_TYPES, exportFileText, exportFlags } from './exportTypes';

afterEach(() => vi.restoreAllMocks());

describe('export dialog', () => {
  it('shows one checkbox per SPEC data type, all selected', () => {
    renderWithProviders(<ExportDialog open onClose={() => undefined} />);
    expect(screen.getByText('Select Data to Export')).toBeInTheDocument();
    const labels = [
      'Agentflows',
      'Agentflows V2',
      'Assistants Custom',
      'Assistants OpenAI',
      'Assistants Azure',
      'Chatflows',
      'Chat Messages',
      'Chat Feedbacks',
      'Custom Templates',
      'Document Stores',
      'Executions',
      'Tools',
      'Variables',
    ];
    for (const label of labels) expect(screen.getByRole('checkbox', { name: label })).toBeChecked();
    expect(EXPORT_TYPES).toHaveLength(13);
  });

  it('offers only the types the user may read', () => {
    renderWithProviders(<ExportDialog open onClose={() => undefined} />, {
      preloadedState: {
        auth: signedIn({ permissions: ['workspace:export', 'tools:view', 'chatflows:view'] }),
        settings: { ...initialSettings, platform: 'enterprise', loaded: true },
      },
    });
    const offered = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(offered).toEqual(['Chatflows', 'Chat Messages', 'Chat Feedbacks', 'Tools']);
  });

  it('requires at least one data type', async () => {
    renderWithProviders(<ExportDialog open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(screen.getByText('Select at least one data type to export.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tools' }));
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('sends the flags and shows the progress text; failures toast the server message', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<ExportDialog open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chatflows' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Variables' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exporting..')).toBeInTheDocument();
    expect(screen.getByText('Exporting data might takes a while')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(urlOf(url)).toMatch(/\/api\/v1\/export-import\/export$/);
    const body = jsonBodyOf(init) as Record<string, boolean>;
    expect(body).toMatchObject({
      chatflow: true,
      variable: true,
      tool: false,
      agentflowv2: false,
      chat_message: false,
    });
    release(
      new Response(JSON.stringify({ message: 'Disk full' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Failed to export: Disk full')).toBeInTheDocument();
  });

  it('defaults the failure message to Internal Server Error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 500 }));
    renderWithProviders(<ExportDialog open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to export: Internal Server Error')).toBeInTheDocument(),
    );
  });

  it('builds every flag and indents the file by 2 spaces', () => {
    expect(exportFlags(new Set(['Agentflows V2', 'Chat Feedbacks']))).toEqual({
      agentflow: false,
      agentflowv2: true,
      assistantCustom: false,
      assistantOpenAI: false,
      assistantAzure: false,
      chatflow: false,
      chat_message: false,
      chat_feedback: true,
      custom_template: false,
      document_store: false,
      execution: false,
      tool: false,
      variable: false,
    });
  });

  it('writes the sections in Flowise order, without FileDefaultName, indented by 2', () => {
    const text = exportFileText({
      FileDefaultName: 'ExportData.json',
      Variable: [{ id: 'v' }],
      AgentFlow: [],
    });
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual([...EXPORT_BUNDLE_KEYS]);
    expect(file.Variable).toEqual([{ id: 'v' }]);
    expect(file.ChatFlow).toEqual([]);
    expect(text).toContain('\n  "AgentFlow": [],\n');
    expect(() => exportFileText({ Tool: 'oops' })).toThrow('exportImport.exportData Tool is not a list');
  });

  it('downloads the answer under the FileDefaultName the server gives', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ FileDefaultName: 'Workspace.json', Tool: [{ id: 't' }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:export';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const onClose = vi.fn();
    renderWithProviders(<ExportDialog open onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(names).toEqual(['Workspace.json']);
    const file = JSON.parse(await blob!.text()) as Record<string, unknown>;
    expect(file.Tool).toEqual([{ id: 't' }]);
    expect(file).not.toHaveProperty('FileDefaultName');
  });
});
