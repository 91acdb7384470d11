import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, setRemoteLoader, type CartItem, type User } from '@shop/shared';
import DeletedUsersPage from './DeletedUsersPage';
import UsersPage from './UsersPage';
import { fail, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const jane: User = { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local', contact: '555', role: 'customer', isSuperAdmin: false, discounts: ['d1'] };
const boss: User = { _id: 'u0', fullName: 'Boss', email: 'admin@shop.local', contact: '1', role: 'admin', isSuperAdmin: true, discounts: [] };
const page = (items: User[], itemCount = items.length) => ({ items, itemCount, page: 1, limit: 20 });
const cartItem = { _id: 'c1', product: { _id: 'p1', title: 'Ring', slug: 'ring', imageUrls: [], discounts: [] }, options: [], quantity: 2, unitPrice: [], totalPrice: [], availableQuantity: null } as CartItem;

beforeEach(() => setCurrencies([USD]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

describe('UsersPage', () => {
  it('pages by 20 (issue 38) with the keyword; shows the empty message and the error toast', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(page([])));
    renderAdmin(<UsersPage />);
    expect(await screen.findByText('No user available yet.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/user?keyword=&limit=20&page=1', {});
    post.mockImplementation(() => ok(page([jane], 27)));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by Name/Email' }), 'jan');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/user?keyword=jan&limit=20&page=1', {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/user?keyword=jan&limit=20&page=2', {}));
    post.mockImplementation(() => fail());
    renderAdmin(<UsersPage />);
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });

  it('shows Delete only to a super admin, never on a super admin; deleting refetches', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(page([boss, jane])));
    const { unmount } = renderAdmin(<UsersPage />, { session: { isSuperAdmin: false } });
    expect(await screen.findByRole('button', { name: 'View Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    unmount();
    renderAdmin(<UsersPage />, { session: { isSuperAdmin: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Jane Doe' }));
    expect(screen.queryByRole('button', { name: 'Delete Boss' })).not.toBeInTheDocument();
    const del = jest.spyOn(api, 'delete').mockImplementation(() => ok({ message: 'User deleted' }));
    post.mockImplementation(() => ok(page([boss])));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/user/u1');
    expect(await screen.findByText('User Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument());
  });

  it('user modal: role change only for a super admin; the changed role replaces the row', async () => {
    jest.spyOn(api, 'post').mockImplementation(() => ok(page([jane])));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/user/u1': { user: jane, cart: [], wishlist: [] }, '/discounts': [] }));
    const put = jest.spyOn(api, 'put').mockImplementation(() => ok({ ...jane, role: 'admin' }));
    const { unmount } = renderAdmin(<UsersPage />, { session: { isSuperAdmin: false } });
    await userEvent.click(await screen.findByRole('button', { name: 'View Jane Doe' }));
    let dialog = await screen.findByRole('dialog', { name: 'Jane Doe' });
    expect(await within(dialog).findByText('jane@shop.local')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Make Admin' })).not.toBeInTheDocument();
    unmount();
    renderAdmin(<UsersPage />, { session: { isSuperAdmin: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'View Jane Doe' }));
    dialog = await screen.findByRole('dialog', { name: 'Jane Doe' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make Admin' }));
    expect(put).toHaveBeenCalledWith('/user/u1/change-role', { newRole: 'admin' });
    expect(await screen.findByText('Role Changed Successfully!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revoke Admin Rights' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
    put.mockImplementation(() => fail(403, 'A super admin cannot be demoted'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke Admin Rights' }));
    // SPEC's text, and the server's reason after it (issue 19).
    expect(await screen.findByText('Failed to Change Role. A super admin cannot be demoted.')).toBeInTheDocument();
  });

  it('user modal: cart rows come from the checkout remote in admin view; discounts are added and removed', async () => {
    const seen: unknown[] = [];
    setRemoteLoader(async (id) => ({ default: (props: Record<string, unknown>) => { seen.push({ id, ...props }); return <div>cart row {String((props.item as CartItem).product.title)}</div>; } }));
    jest.spyOn(api, 'post').mockImplementation(() => ok(page([jane])));
    const summer = { _id: 'd1', title: 'Summer', discountType: 'fixed', timeLimit: '2030-01-01T00:00:00Z', value: [] };
    const vip = { _id: 'd2', title: 'VIP', discountType: 'percentage', timeLimit: '2030-01-01T00:00:00Z', value: [] };
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/user/u1': { user: jane, cart: [cartItem], wishlist: [] }, '/discounts': [summer, vip] }));
    const patch = jest.spyOn(api, 'patch').mockImplementation((url) => ok(url.endsWith('addDiscountToUser') ? { ...jane, discounts: ['d1', 'd2'] } : { ...jane, discounts: ['d2'] }));
    renderAdmin(<UsersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jane Doe' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Cart' }));
    expect(await within(dialog).findByText('cart row Ring')).toBeInTheDocument();
    expect(seen[0]).toEqual({ id: 'checkout/CartRow', item: cartItem, adminView: true, currencyId: 'usd' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Discounts' }));
    expect(await within(dialog).findByRole('cell', { name: 'Summer' })).toBeInTheDocument();
    const add = within(dialog).getByRole('button', { name: 'Add Discount' });
    expect(add).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Add a discount'), 'd2');
    await userEvent.click(add);
    expect(patch).toHaveBeenCalledWith('/user/u1/addDiscountToUser', { discountId: 'd2' });
    expect(await screen.findByText('Discount Added Successfully!')).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'VIP' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Summer' }));
    expect(patch).toHaveBeenCalledWith('/user/u1/removeDiscount', { discountId: 'd1' });
    expect(await screen.findByText('Discount Removed Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('cell', { name: 'Summer' })).not.toBeInTheDocument());
  });
});

describe('DeletedUsersPage', () => {
  it('lists deleted users with search, the empty message and its error toast', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(page([jane])));
    renderAdmin(<DeletedUsersPage />);
    expect(await screen.findByRole('cell', { name: 'jane@shop.local' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/user/deleted?keyword=&limit=20&page=1', {});
    post.mockImplementation(() => ok(page([])));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by Name/Email' }), 'zz');
    expect(await screen.findByText('No Deleted user accounts available yet.')).toBeInTheDocument();
    post.mockImplementation(() => fail());
    await act(async () => {
      renderAdmin(<DeletedUsersPage />);
    });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
