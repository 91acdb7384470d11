import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, sessionAtom, shopStore } from '@shop/shared';
import { answer, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import OrdersPage from './OrdersPage';

describe('OrdersPage', () => {
  beforeEach(() => {
    resetSession();
    setSession({ auth: true, name: 'Jane Doe', role: 'customer', token: 't', selectedCurrency: 'usd' });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the customer orders inside the account layout', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([]));
    renderWithShop(<OrdersPage />, { path: '/my-account/orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'My account' })).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No orders available yet.')).toBeInTheDocument();
  });

  it('logs out from the side nav and goes to /login, keeping the currency', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([]));
    renderWithShop(<OrdersPage />, { path: '/my-account/orders' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: false, token: '', selectedCurrency: 'usd' });
  });
});
