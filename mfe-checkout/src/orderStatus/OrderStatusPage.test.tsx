import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastArea, type Order } from '@shop/shared';
import OrderStatusPage from './OrderStatusPage';
import { EUR, httpError, mockApi, resetShop, signInCustomer } from '../test/fixtures';

// A private link's token: 43 URL-safe characters (the contract's GUEST_TOKEN_PATTERN, 256 bits).
const TOKEN = 'gT7xQ2mZ9vK4rB8nL1pW6yH3sD5fJ0cA_e-uOiMaXbN';

const order: Order = {
  _id: 'o7',
  orderNumber: 'AJ-1077',
  status: 'pending',
  orderDate: '2026-11-28T10:00:00.000Z',
  paymentMethod: 'Cash On Delivery',
  currency: { symbol: '€', currType: EUR._id, code: 'EUR' },
  shippingAddress: { fullName: 'Lea Martin', line1: '8 Quai Voltaire', line2: '', city: 'Paris', state: '', postalCode: '75007', country: 'France' },
  items: [
    {
      _id: 'i1',
      product: { _id: 'p1', title: 'Pearl Earrings', slug: 'pearl-earrings', imageUrls: ['/uploads/pearls.jpg'] },
      options: [],
      quantity: 1,
      totalPrice: [{ currType: EUR._id, amount: 120 }],
    },
  ],
  subTotalPrice: 120,
  totalDiscount: 0,
  coupon: null,
  totalPrice: 120,
  user: { _id: 'g1', fullName: 'Lea Martin', email: 'lea@guest.test' },
  refund: null,
  invoiceNumber: 'INV-2026-000077',
  creditNoteNumber: null,
  shippingMethod: null, shippingCountry: null, shippingPrice: 0, taxTotal: 0, taxLines: [], pricesIncludeTax: false,
};

const statusOf = (o: Order, more: { canCancel?: boolean; hasAccount?: boolean } = {}) => ({ order: o, canCancel: o.status === 'pending', hasAccount: false, ...more });

function renderAt(token: string) {
  return render(
    <MemoryRouter initialEntries={[`/order-status/${token}`]}>
      <Routes>
        <Route path="/order-status/:token" element={<OrderStatusPage />} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
}

describe('/order-status/:token, a guest order through its private link (issue 40)', () => {
  beforeEach(() => resetShop());

  it('shows the order, its status and the invoice link under the same token', async () => {
    const calls = mockApi({ [`GET /order-status/${TOKEN}`]: statusOf(order) });
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order AJ-1077 is confirmed' })).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', url: `/order-status/${TOKEN}` }));
    expect(screen.getByRole('link', { name: 'Pearl Earrings' })).toHaveAttribute('href', '/pearl-earrings');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('8 Quai Voltaire');
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('€120.00');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Pending');
    const invoice = screen.getByRole('link', { name: 'Download the invoice' });
    expect(invoice).toHaveAttribute('href', `/api/order-status/${TOKEN}/invoice.pdf`);
    expect(invoice).toHaveAttribute('download');
  });

  it('has no invoice link before the order has an invoice number', async () => {
    mockApi({ [`GET /order-status/${TOKEN}`]: statusOf({ ...order, invoiceNumber: null }) });
    renderAt(TOKEN);
    await screen.findByTestId('order-status');
    expect(screen.queryByRole('link', { name: 'Download the invoice' })).not.toBeInTheDocument();
  });

  it('cancels a pending order once the guest confirms: the new status shows, Cancel goes, a toast says so', async () => {
    const calls = mockApi({
      [`GET /order-status/${TOKEN}`]: statusOf(order),
      [`POST /order-status/${TOKEN}/cancel`]: statusOf({ ...order, status: 'cancelled' }),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt(TOKEN);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(confirm).toHaveBeenCalledWith('Cancel this order?');
    expect(await screen.findByText('Your order is cancelled.')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: `/order-status/${TOKEN}/cancel` }]);
  });

  it('does nothing when the guest declines the confirmation', async () => {
    const calls = mockApi({ [`GET /order-status/${TOKEN}`]: statusOf(order) });
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderAt(TOKEN);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Pending');
  });

  it("offers no Cancel once the order is past pending (the server's canCancel)", async () => {
    mockApi({ [`GET /order-status/${TOKEN}`]: statusOf({ ...order, status: 'shipped' }) });
    renderAt(TOKEN);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Status: Shipped');
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
  });

  it("a refused cancel shows the server's reason and keeps the order as it was", async () => {
    mockApi({
      [`GET /order-status/${TOKEN}`]: statusOf(order),
      [`POST /order-status/${TOKEN}/cancel`]: () => Promise.reject(httpError(409, 'The order is already being prepared')),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt(TOKEN);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order is already being prepared')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Pending');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeEnabled());
  });

  it("a cancel that fails on the server's side says so in the shop's words", async () => {
    mockApi({
      [`GET /order-status/${TOKEN}`]: statusOf(order),
      [`POST /order-status/${TOKEN}/cancel`]: () => Promise.reject(httpError(500, 'connection reset')),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt(TOKEN);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order could not be cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/connection reset/)).not.toBeInTheDocument();
  });

  it('offers an account with the order e-mail to a signed-out guest, and says the link is sent', async () => {
    mockApi({
      [`GET /order-status/${TOKEN}`]: statusOf(order),
      [`POST /order-status/${TOKEN}/account`]: { message: 'We have e-mailed lea@guest.test a link to choose a password.' },
    });
    renderAt(TOKEN);
    expect(await screen.findByText(/Create an account with lea@guest\.test/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account with this e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have e-mailed lea@guest.test a link to choose a password.');
    expect(screen.queryByRole('button', { name: 'Create an account with this e-mail' })).not.toBeInTheDocument();
  });

  it('offers no account when the e-mail has one already, nor to a signed-in visitor', async () => {
    mockApi({ [`GET /order-status/${TOKEN}`]: statusOf(order, { hasAccount: true }) });
    const { unmount } = renderAt(TOKEN);
    await screen.findByTestId('order-status');
    expect(screen.queryByRole('button', { name: 'Create an account with this e-mail' })).not.toBeInTheDocument();
    unmount();

    resetShop();
    signInCustomer(EUR._id);
    mockApi({ [`GET /order-status/${TOKEN}`]: statusOf(order) });
    renderAt(TOKEN);
    await screen.findByTestId('order-status');
    expect(screen.queryByRole('button', { name: 'Create an account with this e-mail' })).not.toBeInTheDocument();
  });

  it("an unknown token (the server's 404) is the shop's 404 page, nothing of an order shown", async () => {
    const other = 'Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF_e-dCbAzYxW';
    mockApi({ [`GET /order-status/${other}`]: () => Promise.reject(httpError(404, 'Order not found')) });
    renderAt(other);
    expect(await screen.findByRole('heading', { level: 1, name: 'Opps! This page Could Not Be Found!' })).toBeInTheDocument();
    expect(screen.queryByText(/AJ-/)).not.toBeInTheDocument();
  });

  it("a malformed token (the server's 400) is the same 404 page", async () => {
    mockApi({ 'GET /order-status/not-a-token': () => Promise.reject(httpError(400, 'params/token must match pattern')) });
    renderAt('not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opps! This page Could Not Be Found!' })).toBeInTheDocument();
    expect(screen.queryByText(/must match pattern/)).not.toBeInTheDocument();
  });

  it('a load that fails for another reason says so and asks to try again', async () => {
    mockApi({ [`GET /order-status/${TOKEN}`]: () => Promise.reject(httpError(503, 'Service Unavailable')) });
    renderAt(TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your order. Please try again.');
    expect(screen.queryByText(/AJ-/)).not.toBeInTheDocument();
  });
});
