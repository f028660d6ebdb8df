import TextField from '@mui/material/TextField';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errorMessage';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormDialog, useSave, useSubmit } from './FormDialog';
import { useFieldErrors } from './useFieldErrors';

/** A one-field form on the kit: the name is required, saving waits for `save`. */
function NameForm({ save, onClose }: { save: (name: string) => Promise<void>; onClose: () => void }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState('');
  const { setErrors, bind } = useFieldErrors();
  const { busy, run } = useSubmit();
  const submit = () => {
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    void run(
      () => save(name),
      (error) => setFailure(error instanceof Error ? error.message : 'failed'),
    );
  };
  return (
    <FormDialog title="Add Thing" submitLabel="Add" busy={busy} onClose={onClose} onSubmit={submit}>
      <TextField label="Name" {...bind('name', name, setName, 'What to call it')} />
      {failure && <div role="alert">{failure}</div>}
    </FormDialog>
  );
}

/** A form that saves a new thing through `useSave`; `claim` may take the server's message. */
function SaveForm({
  write,
  onSaved,
  claim,
}: {
  write: () => Promise<{ id: string }>;
  onSaved: (saved: { id: string }) => void;
  claim?: (message: string) => boolean;
}) {
  const { busy, save } = useSave('Thing', false, onSaved);
  return (
    <FormDialog
      title="Add Thing"
      submitLabel="Add"
      busy={busy}
      onClose={() => {}}
      onSubmit={() => save(write, claim)}
    >
      <TextField label="Name" />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('shows a field message until the field is edited, and its hint again after', async () => {
    const save = vi.fn(() => Promise.resolve());
    render(<NameForm save={save} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('What to call it')).toBeInTheDocument();
  });

  it('submits on Enter, is busy while saving, and shows what the server said', async () => {
    let finish: (error?: Error) => void = () => {};
    const save = vi.fn(
      () => new Promise<void>((resolve, reject) => (finish = (e) => (e ? reject(e) : resolve()))),
    );
    render(<NameForm save={save} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Thing{Enter}');
    expect(save).toHaveBeenCalledWith('Thing');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await act(() => {
      finish(new Error('A thing with this name already exists'));
      return Promise.resolve();
    });
    expect(screen.getByRole('alert')).toHaveTextContent('A thing with this name already exists');
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('closes on Cancel', () => {
    const onClose = vi.fn();
    render(<NameForm save={() => Promise.resolve()} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('useSave', () => {
  it('says the thing was added and hands on what the server answered', async () => {
    const onSaved = vi.fn();
    renderWithProviders(<SaveForm write={() => Promise.resolve({ id: 't1' })} onSaved={onSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Thing added')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ id: 't1' });
  });

  it('shows the server’s message after what failed, and the form can be saved again', async () => {
    const onSaved = vi.fn();
    const conflict = new ApiError(409, 'A thing with this name already exists', null);
    renderWithProviders(<SaveForm write={() => Promise.reject(conflict)} onSaved={onSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Failed to add thing: A thing with this name already exists'),
    ).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('leaves a message the form claims to the form', async () => {
    const claim = vi.fn(() => true);
    renderWithProviders(
      <SaveForm write={() => Promise.reject(new Error('Bad field'))} onSaved={vi.fn()} claim={claim} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(claim).toHaveBeenCalledWith('Bad field'));
    expect(screen.queryByText(/Failed to add thing/)).not.toBeInTheDocument();
  });
});
