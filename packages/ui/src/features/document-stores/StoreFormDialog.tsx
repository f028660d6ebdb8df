import TextField from '@mui/material/TextField';
import { createDocumentStoreBody, type DocumentStore } from '@flowloom/shared';
import { useState } from 'react';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { FormDialog, useSubmit } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useNotify } from '../notifications/useNotify';
import { documentStoresApi } from './documentStoresApi';

/** Which form: a new store, a rename (name only), or an edit (name and description). */
export type StoreFormMode = 'add' | 'rename' | 'edit';

const TEXTS: Record<StoreFormMode, { title: string; submit: string; done: string }> = {
  add: { title: 'Add New Document Store', submit: 'Add', done: 'New Document Store created.' },
  rename: { title: 'Rename Document Store', submit: 'Save', done: 'Document Store renamed.' },
  edit: { title: 'Edit Document Store', submit: 'Update', done: 'Document Store updated.' },
};

/** Adds a document store, or renames or edits one. */
export function StoreFormDialog({
  mode,
  store,
  onClose,
  onSaved,
}: {
  mode: StoreFormMode;
  store?: Pick<DocumentStore, 'id' | 'name' | 'description'>;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const notify = useNotify();
  const [name, setName] = useState(store?.name ?? '');
  const [description, setDescription] = useState(store?.description ?? '');
  const { setErrors, bind } = useFieldErrors();
  const { busy, run } = useSubmit();
  const texts = TEXTS[mode];

  const submit = () => {
    const parsed = createDocumentStoreBody.safeParse({
      name: name.trim(),
      description: description.trim() || null,
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed));
    if (!parsed.success) return;
    const body = mode === 'rename' ? { name: parsed.data.name } : parsed.data;
    void run(
      async () => {
        const saved =
          mode === 'add' || !store
            ? await documentStoresApi.create(body)
            : await documentStoresApi.update(store.id, body);
        notify.success(texts.done);
        onSaved(saved.id);
      },
      (error) =>
        notify.error(error, { prefix: `Failed to ${mode === 'add' ? 'add' : 'save'} document store: ` }),
    );
  };

  return (
    <FormDialog
      title={texts.title}
      submitLabel={texts.submit}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Name" required autoFocus fullWidth {...bind('name', name, setName)} />
      {mode !== 'rename' && (
        <TextField
          label="Description"
          fullWidth
          multiline
          minRows={3}
          {...bind('description', description, setDescription)}
        />
      )}
    </FormDialog>
  );
}
