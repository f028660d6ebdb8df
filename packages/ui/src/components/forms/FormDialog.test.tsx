import TextField from '@mui/material/TextField';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, useSubmit } from './FormDialog';
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
