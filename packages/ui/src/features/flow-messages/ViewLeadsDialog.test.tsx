import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { csvCell, leadsCsv, type LeadRow } from './leadsCsv';
import { ViewLeadsDialog } from './ViewLeadsDialog';

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const flow = { id: 'flow-1', name: 'Support bot', type: 'CHATFLOW' };

const lead = (overrides: Partial<LeadRow>): LeadRow => ({
  id: 'l1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  chatflowid: 'flow-1',
  chatId: 'chat-a',
  createdDate: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const leads = [
  lead({}),
  lead({
    id: 'l2',
    name: 'Smith, "Al"',
    email: '=HYPERLINK("http://evil")',
    phone: '@SUM(1)',
    chatId: 'chat-b',
  }),
];

let saved: { name: string; type: string; text: Promise<string> }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const id = `blob:${blobs.size}`;
    blobs.set(id, blob);
    return id;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href')!)!;
    saved.push({ name: this.download, type: blob.type, text: blob.text() });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('View Leads dialog', () => {
  it('lists the leads and searches name, e-mail and phone', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(leads));
    renderWithProviders(<ViewLeadsDialog open onClose={() => undefined} flow={flow} />);
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(urlOf(fetch.mock.calls[0]![0])).toMatch(/\/api\/v1\/leads\/flow-1$/);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email Address', 'Phone', 'Created Date']);
    expect(screen.getAllByText(/^March 1st, 2026$/)).toHaveLength(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Name or Email or Phone' }), '555');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Grace Hopper');
  });

  it('exports <flow id>-leads.json as {"leads": rows} and a quoted, formula-safe CSV', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(leads));
    renderWithProviders(<ViewLeadsDialog open onClose={() => undefined} flow={flow} />);
    await screen.findByText('Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved.map((s) => s.name)).toEqual(['flow-1-leads.json', 'flow-1-leads.csv']);
    expect(JSON.parse(await saved[0]!.text)).toEqual({ leads });
    expect(saved[1]!.type).toMatch(/^text\/csv/);
    expect(await saved[1]!.text).toBe(
      'Name,Email Address,Phone,Created Date,Chat Id,Id\r\n' +
        "Grace Hopper,grace@example.com,'+1 555 0100,2026-03-01T10:00:00.000Z,chat-a,l1\r\n" +
        `"Smith, ""Al""","'=HYPERLINK(""http://evil"")",'@SUM(1),2026-03-01T10:00:00.000Z,chat-b,l2\r\n`,
    );
  });

  it('shows No Leads and no export for a flow without leads', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json([]));
    renderWithProviders(<ViewLeadsDialog open onClose={() => undefined} flow={flow} />);
    expect(await screen.findByText('No Leads')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows the server message when the leads cannot be read', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Forbidden' }, 403));
    renderWithProviders(<ViewLeadsDialog open onClose={() => undefined} flow={flow} />);
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(leadsCsv([])).toBe('Name,Email Address,Phone,Created Date,Chat Id,Id\r\n');
  });
});
