import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';

function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <a href="/elsewhere">Behind</a>
      <Modal open={open} title="Edit" onClose={() => setOpen(false)}>
        <input aria-label="Name" />
        <button type="button" onClick={() => setConfirm(nested)}>Save</button>
      </Modal>
      <Modal open={confirm} title="Sure?" onClose={() => setConfirm(false)}>
        <button type="button">Yes</button>
        <button type="button">No</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('keeps Tab and Shift+Tab inside the dialog, and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('a dialog opened over another keeps the focus itself', async () => {
    const user = userEvent.setup();
    render(<Page nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Sure?' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.tab();
    expect(screen.getAllByRole('button', { name: 'Close' }).at(-1)).toHaveFocus();
  });
});

function Form() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Edit product</button>
      <Modal
        open={open}
        title="Edit"
        dirty={name !== ''}
        onClose={() => {
          setOpen(false);
          setName('');
        }}
      >
        <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      </Modal>
    </>
  );
}

describe('Modal with unsaved input (issue 19)', () => {
  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['the × button', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
    ['the backdrop', async (user: ReturnType<typeof userEvent.setup>) => user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('dialog', { name: 'Edit' }).parentElement! })],
  ])('%s asks first: Keep editing keeps the input, Discard closes and gives the focus back to the opener', async (_, close) => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Edit product' }));
    await user.type(screen.getByLabelText('Name'), 'Ring');
    await close(user);
    expect(screen.getByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ring');
    await close(user);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit product' })).toHaveFocus();
  });

  it('Escape in the question closes only the question; without input Escape closes at once', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Edit product' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit product' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit product' }));
    await user.type(screen.getByLabelText('Name'), 'R');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Discard changes?' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});
