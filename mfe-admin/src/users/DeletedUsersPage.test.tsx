import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type User } from '@shop/shared';
import DeletedUsersPage from './DeletedUsersPage';
import { ok, renderAdmin } from '../test/renderAdmin';

const jane: User = { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local', contact: '555', role: 'customer', isSuperAdmin: false, discounts: [] } as User;
const page = (items: User[]) => ({ items, itemCount: items.length, page: 1, limit: 20 });

afterEach(() => jest.restoreAllMocks());

describe('DeletedUsersPage: restore (issue 19)', () => {
  it('a super admin restores a deleted user after confirming; the list is read again', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation((url: string) => (url.startsWith('/user/deleted') ? ok(page([jane])) : ok({ ...jane, deletedAt: null })));
    renderAdmin(<DeletedUsersPage />, { session: { isSuperAdmin: true } });
    const restore = await screen.findByRole('button', { name: 'Restore Jane Doe' });
    await userEvent.click(restore);
    let confirm = screen.getByRole('dialog', { name: 'Restore user' });
    expect(confirm).toHaveTextContent('Restore Jane Doe (jane@shop.local)? The account can sign in again');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(post).not.toHaveBeenCalledWith('/user/u1/restore');
    expect(restore).toHaveFocus();
    await userEvent.click(restore);
    confirm = screen.getByRole('dialog', { name: 'Restore user' });
    post.mockImplementation((url: string) => (url.startsWith('/user/deleted') ? ok(page([])) : ok({ ...jane, deletedAt: null })));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(post).toHaveBeenCalledWith('/user/u1/restore');
    expect(await screen.findByText('User Restored Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No Deleted user accounts available yet.')).toBeInTheDocument());
  });

  it('a plain admin sees no Restore action', async () => {
    jest.spyOn(api, 'post').mockImplementation(() => ok(page([jane])));
    renderAdmin(<DeletedUsersPage />, { session: { isSuperAdmin: false } });
    expect(await screen.findByRole('cell', { name: 'jane@shop.local' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });
});
