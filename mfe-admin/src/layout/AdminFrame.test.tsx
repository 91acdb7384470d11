import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { api, setRemoteLoader, type AdminSearchAnswer } from '@shop/shared';
import { ok, renderAdmin } from '../test/renderAdmin';
import AdminFrame from './AdminFrame';
import { ADMIN_SECTIONS } from './sections';
import { GLOBAL_SEARCH_DEBOUNCE_MS } from './useGlobalSearch';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const ANSWER: AdminSearchAnswer = {
  orders: [
    {
      _id: 'o1', orderNumber: 'AJ-100042', status: 'pending', total: 120, currencySymbol: '$', createdAt: '2026-11-01T10:00:00.000Z',
      customer: { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local' },
    },
  ],
  products: [{ _id: 'p1', title: 'Jade Ring', slug: 'jade-ring', imageUrl: null }],
  customers: [{ _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local', role: 'customer' }],
};

const renderFrame = (path = '/users') =>
  renderAdmin(
    <>
      <AdminFrame page={<p>the page</p>} accountMenu={<button type="button">Account: Admin</button>} />
      <Where />
    </>,
    { path },
  );

beforeEach(() => {
  jest.useFakeTimers();
  setRemoteLoader(async (id) => ({ default: ({ orderId }: { orderId: string }) => <div role="dialog" aria-label="Order Details">{id} {orderId}</div> }));
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('AdminFrame', () => {
  it('has a top bar (logo, View shop, search, account menu), the sections, the page in main and a slim footer', () => {
    renderFrame();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Aurelia Jewels' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).getByRole('link', { name: 'View shop' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('combobox', { name: 'Search orders, products and customers' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Account: Admin' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link').map((a) => `${a.textContent} ${a.getAttribute('href')}`);
    expect(links).toEqual(ADMIN_SECTIONS.filter((s) => !s.superAdminOnly).map((s) => `${s.label} ${s.to}`));
    expect(links.slice(0, 4)).toEqual(['Dashboard /dashboard', 'Orders /orders', 'Products /products', 'Filters /filters']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('main')).getByText('the page')).toBeInTheDocument();
    // Issue 38 (17): the back office's footer does not show the storefront's tagline.
    expect(within(screen.getByRole('contentinfo')).queryByText(/We help you sell anything/)).toBeNull();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    // Lining, tabular figures everywhere while the frame shows (modals are portalled outside it).
    expect(document.documentElement.classList).toContain('figures');
  });

  it('shows the Releases section to the super admin only (its page and API are theirs, issue 36)', () => {
    const sectionLinks = () => within(screen.getByRole('navigation', { name: 'Admin sections' })).getAllByRole('link').map((a) => a.textContent);
    const plain = renderFrame('/dashboard');
    expect(sectionLinks()).not.toContain('Releases');
    expect(sectionLinks()).toContain('Reviews');
    plain.unmount();
    renderAdmin(<AdminFrame page={<p>the page</p>} accountMenu={null} />, { path: '/dashboard', session: { isSuperAdmin: true } });
    expect(sectionLinks()).toContain('Releases');
    expect(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/releases');
  });

  it('opens the drawer from its button (focus goes in); Escape closes it and gives focus back; a link closes it', () => {
    renderFrame();
    const toggle = screen.getByRole('button', { name: 'Open admin menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'admin-nav');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close admin menu');
    expect(document.activeElement).toHaveTextContent('Dashboard');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Products' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/products');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('the search: "/" and Ctrl+K focus it; Down/Up move through orders, products and customers; Enter opens one', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(ANSWER));
    renderFrame('/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search orders, products and customers' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(box);
    act(() => box.blur());
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(box);

    fireEvent.change(box, { target: { value: 'jane' } });
    await act(async () => {
      jest.advanceTimersByTime(GLOBAL_SEARCH_DEBOUNCE_MS);
    });
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(get).toHaveBeenCalledWith('/admin/search?q=jane');
    const list = screen.getByRole('listbox', { name: 'Search results' });
    expect(within(list).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Orders', 'Products', 'Customers']);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['AJ-100042Jane Doe · jane@shop.local · $120.00 · pending', 'Jade Ring/jade-ring', 'Jane Doejane@shop.local']);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[2].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // back to the box
    expect(box).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(box, { key: 'ArrowUp' }); // from the box to the last
    expect(box).toHaveAttribute('aria-activedescendant', options[2].id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/users?keyword=jane%40shop.local');
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('choosing an order opens the orders list searched for its number, with its details', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok(ANSWER));
    renderFrame('/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search orders, products and customers' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'jane@shop.local' } });
    await act(async () => {
      jest.advanceTimersByTime(GLOBAL_SEARCH_DEBOUNCE_MS);
    });
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    fireEvent.keyDown(box, { key: 'Enter' }); // none chosen: the first
    expect(screen.getByTestId('where')).toHaveTextContent('/orders?keyword=AJ-100042');
    expect(await screen.findByRole('dialog', { name: 'Order Details' })).toHaveTextContent('account/OrderDetailsModal o1');
  });

  it('Escape closes the list, a second clears the box; nothing found says so', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok({ orders: [], products: [], customers: [] }));
    renderFrame('/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search orders, products and customers' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'zzz' } });
    await act(async () => {
      jest.advanceTimersByTime(GLOBAL_SEARCH_DEBOUNCE_MS);
    });
    expect(await screen.findByText('Nothing found for ‘zzz’.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByText('Nothing found for ‘zzz’.')).not.toBeInTheDocument();
    expect(box).toHaveValue('zzz');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
  });

  it('asks nothing below two characters', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(ANSWER));
    renderFrame('/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search orders, products and customers' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'j' } });
    await act(async () => {
      jest.advanceTimersByTime(GLOBAL_SEARCH_DEBOUNCE_MS * 2);
    });
    // The menu's count of pending reviews and the staff member's permissions (issue 42) are read; the search asks nothing.
    expect(get.mock.calls.filter(([url]) => !url.startsWith('/reviews?') && url !== '/user/me')).toEqual([]);
  });

  it('shows the count of reviews waiting for a decision next to Reviews (issue 41)', async () => {
    jest.spyOn(api, 'get').mockImplementation((url: string) => (url === '/reviews?status=pending&limit=1' ? ok({ items: [], itemCount: 3, page: 1, limit: 1, counts: { pending: 3, approved: 0, rejected: 0 } }) : ok(ANSWER)));
    renderFrame('/dashboard');
    expect(await screen.findByRole('link', { name: 'Reviews 3 pending' })).toBeInTheDocument();
  });
});
