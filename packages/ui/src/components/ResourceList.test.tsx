import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { ResourceList, type BulkDelete } from './ResourceList';

interface Item {
  id: string;
  name: string;
}

const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `id-${i + 1}`, name: `Item ${i + 1}` }));

function renderList(data: Item[], options: { bulkDelete?: BulkDelete; cards?: boolean } = {}) {
  return renderWithProviders(
    <ResourceList<Item>
      title="Things"
      description="All the things."
      noun="things"
      storageKey="things"
      query={{ data, loading: false, error: undefined, reload: () => Promise.resolve() }}
      matches={(item, q) => item.name.toLowerCase().includes(q)}
      empty={{ icon: null, title: 'No Things Yet', description: 'Add one.' }}
      columns={[{ header: 'Name', cell: (item) => item.name, sortValue: (item) => item.name }]}
      itemName={(item) => item.name}
      {...(options.cards && { cards: (item: Item) => <div>Card of {item.name}</div> })}
      {...(options.bulkDelete && { bulkDelete: options.bulkDelete })}
    />,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('ResourceList', () => {
  it('remembers the card or table view of the page', async () => {
    const first = renderList(items(2), { cards: true });
    expect(screen.getByText('Card of Item 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Table view' }));
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    first.unmount();

    renderList(items(2), { cards: true });
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByText('Card of Item 1')).not.toBeInTheDocument();
  });

  it('shows a page at a time, and remembers the page size', async () => {
    const first = renderList(items(30));
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(13); // header + 12
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(within(table).getByText('Item 13')).toBeInTheDocument();
    expect(within(table).queryByText('Item 1')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '48' }));
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    first.unmount();

    renderList(items(30));
    expect(within(screen.getByRole('table', { name: 'Things' })).getAllByRole('row')).toHaveLength(31);
  });

  it('searches across pages and says when nothing matches', async () => {
    renderList(items(30));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search things' }), 'item 29');
    expect(screen.getByText('Item 29')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search things' }), 'x');
    expect(screen.getByText('No matches')).toBeInTheDocument();
  });

  it('deletes the selected rows in one request after confirmation', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const done = vi.fn();
    renderList(items(3), {
      bulkDelete: { nouns: ['thing', 'things'], consequence: 'They are gone.', remove, done },
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Item 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Item 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete things' });
    expect(within(dialog).getByText('Delete 2 things? They are gone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(['id-1', 'id-3']));
    expect(remove).toHaveBeenCalledOnce();
    expect(remove).toHaveBeenCalledWith(['id-1', 'id-3']);
    expect(await screen.findByText('2 things deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('keeps the selection and shows why when the delete fails', async () => {
    const remove = vi.fn(() => Promise.reject(new Error('1 of the chosen things were not found')));
    renderList(items(3), {
      bulkDelete: { nouns: ['thing', 'things'], consequence: '', remove, done: vi.fn() },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all things on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete (3)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete things: 1 of the chosen things were not found'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete (3)' })).toBeEnabled();
  });
});
