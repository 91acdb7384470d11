import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type InsightAnswer } from '@shop/shared';
import { Insight } from './Insight';
import { fail, renderAdmin, routeCalls } from '../test/renderAdmin';

const none = { revenue: 0, orders: 0, averageOrderValue: 0, goods: 0, shipping: 0, tax: 0 };
const answer = (over: Partial<InsightAnswer> = {}): InsightAnswer => ({
  period: 'week',
  current: { from: '2026-11-21', to: '2026-11-27', days: 7 },
  previous: { from: '2026-11-14', to: '2026-11-20', days: 7 },
  currencies: [
    { code: 'USD', symbol: '$', current: { revenue: 1919.5, orders: 19, averageOrderValue: 101.03, goods: 1919.5, shipping: 0, tax: 0 }, previous: { revenue: 1500, orders: 20, averageOrderValue: 75, goods: 1500, shipping: 0, tax: 0 } },
    { code: 'EUR', symbol: '€', current: { revenue: 80, orders: 1, averageOrderValue: 80, goods: 80, shipping: 0, tax: 0 }, previous: none },
  ],
  newCustomers: { current: 3, previous: 4 },
  days: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
  revenueByDay: [
    { code: 'USD', symbol: '$', revenue: [100, 0, 1219.5, 200, 0, 300, 100], orders: [1, 0, 12, 2, 0, 3, 1] },
    { code: 'EUR', symbol: '€', revenue: [0, 0, 0, 80, 0, 0, 0], orders: [0, 0, 0, 1, 0, 0, 0] },
  ],
  topProducts: {
    byUnits: [
      { productId: 'p2', title: 'Box Chain', slug: 'box-chain', units: 12 },
      { productId: null, title: 'Old Brooch', slug: 'old-brooch', units: 1 },
    ],
    byRevenue: [
      { code: 'USD', symbol: '$', products: [{ productId: 'p1', title: 'Halo Ring', slug: 'halo-ring', units: 4, revenue: 1200 }] },
      { code: 'EUR', symbol: '€', products: [{ productId: 'p3', title: 'Pearl Drop', slug: 'pearl-drop', units: 1, revenue: 80 }] },
    ],
  },
  recentOrders: [
    { _id: 'o1', orderNumber: 'AJ-100019', customer: { fullName: 'Ann Buyer', email: 'ann@example.com' }, total: 1219.5, currency: { code: 'USD', symbol: '$' }, status: 'pending', orderDate: '2026-11-23T10:00:00.000Z' },
    { _id: 'o2', orderNumber: 'AJ-100018', customer: { fullName: 'Guest Name', email: null }, total: 80, currency: { code: 'EUR', symbol: '€' }, status: 'cancelled', orderDate: '2026-11-22T10:00:00.000Z' },
  ],
  ...over,
});

afterEach(() => jest.restoreAllMocks());

describe('Insight', () => {
  it('shows each KPI per currency with its change, and new customers', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/report/insight': answer() }));
    renderAdmin(<Insight />, { path: '/dashboard?period=week' });
    const revenue = await screen.findByTestId('kpi-revenue-USD');
    expect(get).toHaveBeenCalledWith('/report/insight?period=week');
    expect(screen.getByTestId('insight-range')).toHaveTextContent('Nov 21 – Nov 27, 2026 compared with Nov 14 – Nov 20, 2026');
    // 1919.50 against 1500: up 28% (rounded to one decimal: 27.966… → 28).
    expect(revenue).toHaveTextContent('USD$1,919.50▲ up 28% from $1,500.00');
    expect(screen.getByTestId('kpi-orders-USD')).toHaveTextContent('USD19▼ down 5% from 20');
    expect(screen.getByTestId('kpi-averageOrderValue-USD')).toHaveTextContent('$101.03▲ up 34.7% from $75.00');
    // Nothing in EUR before: 'new'.
    expect(screen.getByTestId('kpi-revenue-EUR')).toHaveTextContent('EUR€80.00▲ new (none in the previous period)');
    expect(screen.getByTestId('kpi-newCustomers')).toHaveTextContent('3▼ down 25% from 4');
  });

  it('says no orders when the period has none, and the change of a flat figure', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/report/insight': answer({ currencies: [], revenueByDay: [], topProducts: { byUnits: [], byRevenue: [] }, newCustomers: { current: 0, previous: 0 }, recentOrders: [] }) }));
    renderAdmin(<Insight />, { path: '/dashboard' });
    expect(await screen.findByTestId('kpi-revenue')).toHaveTextContent('0 no orders');
    expect(screen.getByTestId('kpi-newCustomers')).toHaveTextContent('0– unchanged 0% from 0');
    expect(screen.getByText('No revenue in this period')).toBeInTheDocument();
    expect(within(screen.getByTestId('top-units')).getByText('No sales in this period')).toBeInTheDocument();
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
  });

  it('picks a period, or a custom range once both dates make one', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/report/insight': answer() }));
    renderAdmin(<Insight />, { path: '/dashboard' });
    await screen.findByTestId('kpi-revenue-USD');
    // Nothing in the URL: the last 30 days.
    expect(get).toHaveBeenCalledWith('/report/insight?period=month');
    const periods = screen.getByRole('group', { name: 'Period' });
    expect(within(periods).getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(periods).getByRole('button', { name: 'Year' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/report/insight?period=year'));
    expect(within(periods).getByRole('button', { name: 'Year' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(periods).getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/report/insight?period=today'));

    await userEvent.click(within(periods).getByRole('button', { name: 'Custom range' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // It starts from the range on screen.
    expect(from).toHaveValue('2026-11-21');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    const calls = get.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start must not be after the end');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(get.mock.calls.length).toBe(calls);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-20{Enter}');
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/report/insight?from=2026-11-10&to=2026-11-20'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('draws revenue by day per currency, named and with its figures as a table; the top products follow the currency', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/report/insight': answer() }));
    renderAdmin(<Insight />, { path: '/dashboard?period=week' });
    const chart = await screen.findByRole('img', { name: /Revenue by day in USD \$1,919\.50 over 7 days, Nov 21 to Nov 27; best day Nov 23 with \$1,219\.50/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(chart.querySelector('rect[data-day="2026-11-23"]')).toHaveAttribute('data-value', '1219.5');
    const table = screen.getByRole('table', { name: 'Revenue and orders by day in USD' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent));
    expect(rows[2]).toEqual(['Nov 23', '$1,219.50', '12']);
    expect(rows).toHaveLength(7);
    expect(within(screen.getByTestId('top-revenue')).getByRole('link', { name: 'Halo Ring' })).toHaveAttribute('href', '/products?edit=p1');
    expect(screen.getByTestId('top-revenue')).toHaveTextContent('By revenue (USD)Halo Ring$1,200.00');
    expect(screen.getByTestId('top-units')).toHaveTextContent('Box Chain12 unitsOld Brooch (deleted)1 unit');

    await userEvent.click(within(screen.getByRole('group', { name: 'Currency' })).getByRole('button', { name: 'EUR' }));
    expect(screen.getByRole('img', { name: /Revenue by day in EUR €80\.00 over 7 days/ })).toBeInTheDocument();
    expect(screen.getByTestId('top-revenue')).toHaveTextContent('By revenue (EUR)Pearl Drop€80.00');
  });

  it('lists the recent orders, each linking to the orders page', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/report/insight': answer() }));
    renderAdmin(<Insight />, { path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'The latest orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['AJ-100019', 'Ann Buyerann@example.com', '$1,219.50', 'Pending', 'Nov 23, 2026'],
      ['AJ-100018', 'Guest Name', '€80.00', 'Cancelled', 'Nov 22, 2026'],
    ]);
    expect(within(table).getByRole('link', { name: 'AJ-100019' })).toHaveAttribute('href', '/orders?keyword=AJ-100019');
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
  });

  it("shows the server's reason for a refused range, and a fixed message when it fails", async () => {
    jest.spyOn(api, 'get').mockImplementation(() => fail(400, 'A range is at most 5 years'));
    const { unmount } = renderAdmin(<Insight />, { path: '/dashboard?from=2019-01-01&to=2026-01-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent('A range is at most 5 years');
    unmount();
    jest.spyOn(api, 'get').mockImplementation(() => fail(500));
    renderAdmin(<Insight />, { path: '/dashboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch insight');
  });
});
