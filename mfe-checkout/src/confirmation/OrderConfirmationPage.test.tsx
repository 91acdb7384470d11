import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Order } from '@shop/shared';
import OrderConfirmationPage from './OrderConfirmationPage';
import { EUR, httpError, mockApi, resetShop, signInCustomer } from '../test/fixtures';

const order: Order = {
  _id: 'o1',
  orderNumber: 'AJ-1042',
  status: 'pending',
  orderDate: '2026-11-28T10:00:00.000Z',
  paymentMethod: 'Cash On Delivery',
  currency: { symbol: '€', currType: EUR._id, code: 'EUR' },
  shippingAddress: { fullName: 'Jane Doe', line1: '1 Rue de la Paix', line2: '', city: 'Paris', state: '', postalCode: '75002', country: 'France' },
  items: [
    {
      _id: 'i1',
      product: { _id: 'p1', title: 'Gold Ring', slug: 'gold-ring', imageUrls: ['/uploads/ring.jpg'] },
      options: [{ selectedOption: { name: 'Gold' } }, { selectedOption: { name: '7' } }],
      quantity: 2,
      totalPrice: [{ currType: EUR._id, amount: 200 }],
    },
  ],
  subTotalPrice: 200,
  totalDiscount: 30,
  coupon: { code: 'WELCOME10', amount: 10 },
  totalPrice: 170,
  user: { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local' },
  refund: null,
  invoiceNumber: 'INV-2026-000042',
  creditNoteNumber: null,
  shippingMethod: null, shippingCountry: null, shippingPrice: 0, taxTotal: 0, taxLines: [], pricesIncludeTax: false,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/order-confirmation/:id" element={<OrderConfirmationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/order-confirmation/:id (issue 38)', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it('shows the order: number, items with photos, address, payment, totals with discount and coupon, what happens next, links', async () => {
    const calls = mockApi({ 'GET /order/o1': [order] });
    renderAt('/order-confirmation/o1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order AJ-1042 is confirmed' })).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', url: '/order/o1' }));

    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Gold Ring' })).toHaveAttribute('href', '/gold-ring');
    expect(within(items).getByText('Gold, 7')).toBeInTheDocument();
    expect(within(items).getByText('Quantity: 2')).toBeInTheDocument();
    expect(items.querySelector('img')?.getAttribute('src')).toContain('ring');
    expect(screen.getByTestId('confirmation-subtotal')).toHaveTextContent('€200.00');
    expect(screen.getByTestId('confirmation-discount')).toHaveTextContent('-€20.00');
    expect(screen.getByTestId('confirmation-coupon')).toHaveTextContent('-€10.00');
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('€170.00');

    const address = screen.getByRole('region', { name: 'Shipping address' });
    expect(address).toHaveTextContent('1 Rue de la Paix');
    expect(address).toHaveTextContent('75002');
    expect(screen.getByTestId('confirmation-payment')).toHaveTextContent('Cash on delivery');
    expect(screen.getByTestId('confirmation-email')).toHaveTextContent('jane@shop.local');

    expect(screen.getByRole('link', { name: 'See it in My orders' })).toHaveAttribute('href', '/my-account/orders');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    screen.getByRole('button', { name: 'Print' }).click();
    expect(print).toHaveBeenCalled();
  });

  it("another buyer's order (the server's 404) is the shop's 404 page, nothing of the order shown", async () => {
    mockApi({ 'GET /order/o2': () => Promise.reject(httpError(404, 'Order not found')) });
    renderAt('/order-confirmation/o2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opps! This page Could Not Be Found!' })).toBeInTheDocument();
    expect(screen.queryByText(/AJ-/)).not.toBeInTheDocument();
  });
});
