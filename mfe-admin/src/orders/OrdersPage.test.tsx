import { screen } from '@testing-library/react';
import { setRemoteLoader } from '@shop/shared';
import OrdersPage from './OrdersPage';
import { renderAdmin } from '../test/renderAdmin';

describe('OrdersPage', () => {
  it("embeds the account remote's OrdersList in admin mode inside the admin layout", async () => {
    const loaded: string[] = [];
    setRemoteLoader(async (id) => {
      loaded.push(id);
      return { default: ({ mode }: { mode: string }) => <p>orders list in {mode} mode</p> };
    });
    renderAdmin(<OrdersPage />, { path: '/orders' });
    expect(await screen.findByText('orders list in admin mode')).toBeInTheDocument();
    expect(loaded).toEqual(['account/OrdersList']);
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    // The sections are the frame's (layout/AdminFrame); the page has its breadcrumb.
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
  });
});
