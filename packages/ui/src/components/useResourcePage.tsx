import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { Permission } from '@flowloom/shared';
import { useApiQuery } from '../api/useApiQuery';
import { useAccess } from '../app/useAccess';
import { useConfirmedDelete } from '../features/confirm/useConfirmedDelete';
import type { BulkDelete } from './ResourceList';
import { RowActions } from './RowActions';

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * What every workspace resource page wires the same way: the list query, the permissions of its
 * family, the add button, the row's Edit/Delete (a delete asks first and names the item), and bulk
 * delete for the list kit. A page adds its columns, dialogs and words.
 */
export function useResourcePage<T extends { id: string }>({
  resource,
  nouns,
  api,
  name,
  deleteWarning,
  bulkWarning,
  listDeps = [],
}: {
  /** Permission family and storage key: "tools". */
  resource: 'tools' | 'variables' | 'credentials' | 'apikeys' | 'documentStores' | 'assistants';
  /** Singular and plural, lower case (proper names keep their case): ["tool", "tools"]. */
  nouns: [string, string];
  api: {
    list: () => Promise<T[]>;
    /** Deletes one item (the row's Delete); the item comes along for pages that delete more. */
    remove: (id: string, item: T) => Promise<unknown>;
    /** Deletes several at once; without it there is no bulk delete. */
    removeMany?: (ids: string[]) => Promise<unknown>;
  };
  name: (item: T) => string;
  /** What deleting one item does, after "Delete tool "X"?". */
  deleteWarning: (item: T) => string;
  /** What deleting several does, after "Delete 3 tools?". */
  bulkWarning?: string;
  /** What the list request depends on besides the page (a server page and its size). */
  listDeps?: readonly unknown[];
}) {
  const access = useAccess();
  const confirmedDelete = useConfirmedDelete();
  const query = useApiQuery(() => api.list(), listDeps);
  const can = (action: 'create' | 'update' | 'delete') => access.can(`${resource}:${action}` as Permission);
  const [one] = nouns;

  const remove = (item: T) =>
    confirmedDelete({
      title: `Delete ${one}`,
      description: `Delete ${one} "${name(item)}"? ${deleteWarning(item)}`,
      noun: capitalised(one),
      remove: () => api.remove(item.id, item),
      done: query.reload,
    });

  const removeMany = api.removeMany;
  const bulkDelete: BulkDelete | undefined =
    can('delete') && removeMany
      ? {
          nouns,
          consequence: bulkWarning ?? '',
          remove: (ids) => removeMany(ids),
          done: () => query.reload(),
        }
      : undefined;

  return {
    query,
    can,
    /** Deletes an item after a confirmation naming it, then reloads the list. */
    remove,
    /** The page's add button, or nothing without the create permission. */
    addButton: (label: string, onClick: () => void, disabled = false) =>
      can('create') && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onClick} disabled={disabled}>
          {label}
        </Button>
      ),
    /** Edit (with the update permission) and Delete (with the delete permission) of a row. */
    rowActions: (item: T, onEdit: () => void) => (
      <RowActions
        name={name(item)}
        {...(can('update') ? { onEdit } : {})}
        {...(can('delete') ? { onDelete: () => void remove(item) } : {})}
      />
    ),
    /** The list kit's share: where it remembers its view, how it names items, bulk delete. */
    listProps: {
      storageKey: resource,
      query,
      itemName: name,
      ...(bulkDelete && { bulkDelete }),
    },
  };
}
