import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import DashboardPage from './DashboardPage';
import { fail, renderAdmin, routeCalls } from '../test/renderAdmin';

afterEach(() => jest.restoreAllMocks());

describe('DashboardPage', () => {
  it('shows the summary and sums the status groups, 0 when missing', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(
      routeCalls({
        '/report': { order: 12, product: 30, filter: 3, user: 1234 },
        '/order/report/today': { pending: 2, shipped: 1, delivered: 4, rejected: 1 },
        '/order/report/weekly': { processing: 5 },
        '/order/report/yearly': {},
        '/stock/low': [],
        '/report/insight': {
          period: 'month', current: { from: '2026-10-29', to: '2026-11-27', days: 30 }, previous: { from: '2026-09-29', to: '2026-10-28', days: 30 },
          currencies: [{ code: 'USD', symbol: '$', current: { revenue: 19, orders: 19, averageOrderValue: 1 }, previous: { revenue: 0, orders: 0, averageOrderValue: 0 } }],
          newCustomers: { current: 0, previous: 0 }, days: [], revenueByDay: [], topProducts: { byUnits: [], byRevenue: [] }, recentOrders: [],
        },
      }),
    );
    renderAdmin(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByTestId('summary-order')).toHaveTextContent('12');
    expect(screen.getByText('Total Products').nextSibling).toHaveTextContent('30');
    expect(screen.getByText('Total Filter').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Total Users').nextSibling).toHaveTextContent('1,234');
    // The sales insight comes first (issue 19), the SPEC's two cards after it, then the Low stock card.
    expect(await screen.findByText('No low stock')).toBeInTheDocument();
    expect(await screen.findByTestId('kpi-orders-USD')).toHaveTextContent('19');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Sales', 'Revenue by day', 'Top products', 'Recent orders', 'Summary', 'Order Status', 'Low stock']);
    expect(await screen.findByTestId('status-pending')).toHaveTextContent('2');
    expect(screen.getByTestId('status-processing')).toHaveTextContent('0');
    expect(screen.getByTestId('status-shipped')).toHaveTextContent('5');
    expect(screen.getByTestId('status-cancelled')).toHaveTextContent('1');
    expect(screen.getByTestId('bar-shipped')).toHaveAttribute('data-value', '5');
    expect(screen.getByRole('img', { name: /Pending 2, Processing 0, Shipped \+ Delivered 5, Cancelled \+ Rejected 1/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next period' }));
    expect(screen.getByTestId('report-period')).toHaveTextContent('Weekly');
    await waitFor(() => expect(screen.getByTestId('status-processing')).toHaveTextContent('5'));
    expect(screen.getByTestId('status-pending')).toHaveTextContent('0');
    // Up from weekly is today; up from today wraps round to yearly.
    await userEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    expect(screen.getByTestId('report-period')).toHaveTextContent('Yearly');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/order/report/yearly'));
    await waitFor(() => expect(screen.getByTestId('status-shipped')).toHaveTextContent('0'));
  });

  it('shows the error toasts when the reports fail', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => fail());
    renderAdmin(<DashboardPage />);
    expect(await screen.findByText('Failed to fetch summary report')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch order report')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch insight')).toBeInTheDocument();
  });
});
