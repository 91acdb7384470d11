import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, setRemoteLoader, type OrderListItem } from '@shop/shared';
import OrdersPage from './OrdersPage';
import { exportFilename } from './useOrdersList';
import { fail, ok, renderAdmin } from '../test/renderAdmin';
import { dayBound } from '@shop/shared/src/contract';

jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

const row = (n: number, patch: Partial<OrderListItem> = {}): OrderListItem => ({
  _id: `o${n}`,
  orderNumber: `AJ-10000${n}`,
  customer: { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local' },
  shipTo: 'Jane Doe',
  itemCount: 2,
  quantity: 3,
  totalPrice: 1234.5,
  currency: { symbol: '$', currType: 'usd', code: 'USD' },
  paymentMethod: 'Cash On Delivery',
  status: 'pending',
  orderDate: '2026-03-05T10:00:00.000Z',
  refund: null,
  ...patch,
});
const page = (items: OrderListItem[], itemCount = items.length, p = 1) => ({ items, itemCount, page: p, limit: 20 });
/** The query of every GET /order made, as objects. */
const queries = (get: jest.SpyInstance) =>
  get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/order?')).map((url) => Object.fromEntries(new URLSearchParams(url.split('?')[1])));
const last = (get: jest.SpyInstance) => queries(get).at(-1);

describe('OrdersPage', () => {
  it('lists number, customer name and e-mail, items, total, payment, status and date from the server, a page at a time', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(1), row(2, { customer: null, shipTo: 'Gone Buyer', status: 'shipped', totalPrice: 80, currency: { symbol: '€', currType: 'eur', code: 'EUR' } })], 45)));
    renderAdmin(<OrdersPage />, { path: '/orders' });
    const first = (await screen.findByRole('cell', { name: 'AJ-100001' })).closest('tr')!;
    expect(within(first).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(first).getByText('jane@shop.local')).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: '$1,234.50' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'Cash On Delivery' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'Pending' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'Mar 5, 2026' })).toBeInTheDocument();
    const second = screen.getByRole('cell', { name: 'AJ-100002' }).closest('tr')!;
    expect(within(second).getByText('Deleted account')).toBeInTheDocument();
    expect(within(second).getByRole('cell', { name: '€80.00' })).toBeInTheDocument();
    expect(screen.getByText('45 orders')).toBeInTheDocument();
    expect(last(get)).toEqual({ page: '1', limit: '20', sort: 'date:desc' });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(last(get)).toEqual({ page: '3', limit: '20', sort: 'date:desc' }));
  });

  it("marks a guest's order (issue 40): the e-mail given at checkout, after 'Guest'", async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(3, { guest: true, customer: { _id: 'g1', fullName: 'Gina Guest', email: 'gina@example.com' } })], 1)));
    renderAdmin(<OrdersPage />, { path: '/orders' });
    const line = (await screen.findByRole('cell', { name: 'AJ-100003' })).closest('tr')!;
    expect(within(line).getByText('Guest · gina@example.com')).toBeInTheDocument();
  });

  it('searches after typing stops, filters by status and dates, each from page 1', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(1)], 40)));
    renderAdmin(<OrdersPage />, { path: '/orders?page=2' });
    await screen.findByRole('cell', { name: 'AJ-100001' });
    expect(last(get)).toMatchObject({ page: '2' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'jane@shop');
    await waitFor(() => expect(last(get)).toEqual({ page: '1', limit: '20', keyword: 'jane@shop', sort: 'date:desc' }));
    // One request for the whole word, not one per letter.
    expect(queries(get).filter((q) => q.keyword)).toHaveLength(1);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() => expect(last(get)).toMatchObject({ keyword: 'jane@shop', status: 'shipped', page: '1' }));

    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() => expect(last(get)).toMatchObject({ from: dayBound('2026-03-01', false), to: dayBound('2026-03-31', true), status: 'shipped' }));
    expect(new Date(dayBound('2026-03-31', true)).getDate()).toBe(31);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(last(get)).toEqual({ page: '1', limit: '20', sort: 'date:desc' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('a backwards date range is said, and nothing is asked for until it is fixed', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(1)])));
    renderAdmin(<OrdersPage />, { path: '/orders?from=2026-03-10&to=2026-03-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The From date must be on or before the To date.');
    expect(queries(get)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("opens with a link's keyword (the global search, the dashboard)", async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(7)])));
    renderAdmin(<OrdersPage />, { path: '/orders?keyword=AJ-100007' });
    await screen.findByRole('cell', { name: 'AJ-100007' });
    expect(queries(get)).toEqual([{ page: '1', limit: '20', keyword: 'AJ-100007', sort: 'date:desc' }]);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('AJ-100007');
    expect(screen.getByText('1 order match')).toBeInTheDocument();
  });

  it('sorts on the server from the column headers, saying so with aria-sort', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(1)])));
    renderAdmin(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('cell', { name: 'AJ-100001' });
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Total (per currency)' }));
    await waitFor(() => expect(last(get)).toMatchObject({ sort: 'total:desc', page: '1' }));
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Total (per currency), ascending' }));
    await waitFor(() => expect(last(get)).toMatchObject({ sort: 'total:asc' }));
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Customer' }));
    await waitFor(() => expect(last(get)).toMatchObject({ sort: 'customer:asc' }));
    // The phones' sort select (the headers are hidden there) says and sets the same.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('customer:asc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Order number, highest first');
    await waitFor(() => expect(last(get)).toMatchObject({ sort: 'number:desc' }));
    expect(screen.getByRole('columnheader', { name: /Order/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('Export CSV downloads the filtered orders through the API client (the token goes with it)', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation((url: string) => (url.startsWith('/order/export.csv') ? ok('Order number\r\nAJ-100001\r\n') : ok(page([row(1)]))));
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:orders';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: Array<{ href: string; download: string }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderAdmin(<OrdersPage />, { path: '/orders?keyword=ring&status=delivered&sort=total:asc&page=2' });
    await screen.findByRole('cell', { name: 'AJ-100001' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:orders', download: exportFilename() }]));
    expect(get).toHaveBeenCalledWith('/order/export.csv?keyword=ring&status=delivered&sort=total%3Aasc', { headers: { Accept: 'text/csv' } });
    expect(created[0].type).toBe('text/csv;charset=utf-8');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(created[0]);
    });
    expect(Buffer.from(bytes).toString('utf8')).toBe('\uFEFFOrder number\r\nAJ-100001\r\n');
    expect(exportFilename(new Date(2026, 10, 7))).toBe('orders-2026-11-07.csv');
  });

  it('a failed export or list says so', async () => {
    jest.spyOn(api, 'get').mockImplementation((url: string) => (url.startsWith('/order/export.csv') ? fail(500) : ok(page([row(1)]))));
    renderAdmin(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('cell', { name: 'AJ-100001' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export orders.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("shows SPEC's empty message, and its error when the list cannot be read", async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok(page([])));
    const { unmount } = renderAdmin(<OrdersPage />, { path: '/orders' });
    expect(await screen.findByText('No orders available yet.')).toBeInTheDocument();
    unmount();
    jest.spyOn(api, 'get').mockImplementation(() => ok(page([])));
    const filtered = renderAdmin(<OrdersPage />, { path: '/orders?status=rejected' });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    filtered.unmount();
    jest.spyOn(api, 'get').mockImplementation(() => fail(500));
    renderAdmin(<OrdersPage />, { path: '/orders' });
    expect(await screen.findByText('Failed to fetch orders.', { selector: 'p[role="alert"]' })).toBeInTheDocument();
  });

  it("View opens the account remote's Order Details modal in admin mode; a change reloads the list", async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page([row(1), row(2)])));
    const loaded: string[] = [];
    setRemoteLoader(async (id) => {
      loaded.push(id);
      return {
        default: ({ orderId, mode, onClose, onChanged }: { orderId: string; mode: string; onClose: () => void; onChanged: () => void }) => (
          <div role="dialog" aria-label="Order Details">
            <p>order {orderId} in {mode} mode</p>
            <button type="button" onClick={onChanged}>Update</button>
            <button type="button" onClick={onClose}>Close</button>
          </div>
        ),
      };
    });
    renderAdmin(<OrdersPage />, { path: '/orders' });
    await userEvent.click(await screen.findByRole('button', { name: 'View order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(dialog).toHaveTextContent('order o2 in admin mode');
    expect(loaded).toEqual(['account/OrderDetailsModal']);
    const before = queries(get).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(queries(get).length).toBe(before + 1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Order Details' })).not.toBeInTheDocument();
  });
});
