import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setSelectedCurrency, ToastArea } from '@shop/shared';
import CartPage, { CHECKOUT_DISCOUNTS_NOTE, STOCK_SHORT } from './CartPage';
import CartRow from './CartRow';
import { cart } from './cartState';
import { applyCoupon, forgetCoupon } from '../coupon/couponState';
import { EUR, USD, cartItem, httpError, mockApi, ok, onSale, percentOff, pricedOnlyIn, resetShop, signInCustomer } from '../test/fixtures';

const ring = cartItem('c1', 'Gold Ring', 1, { eur: 100, usd: 110 }, ['Gold', '7']);
const pearls = cartItem('c2', 'Pearl Necklace', 2, { eur: 45.5, usd: 50.25 });

/** The last call that changed the cart (the totals' preview follows each change: issue 38). */
const lastCartCall = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url !== '/order/preview').at(-1);

function renderCart(ui = <CartPage />) {
  return render(
    <MemoryRouter>
      {ui}
      <ToastArea />
    </MemoryRouter>,
  );
}

describe('/cart', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it('shows each line with options, unit price, quantity and line total, and the subtotal', async () => {
    mockApi({ 'GET /cart': { items: [ring, pearls] }, 'GET /currencies': [EUR, USD] });
    renderCart();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('link', { name: 'Gold Ring' })).toHaveAttribute('href', '/gold-ring');
    expect(within(rows[1]).getByText('Gold, 7')).toBeInTheDocument();
    expect(within(rows[2]).getByText('€45.50')).toBeInTheDocument();
    expect(within(rows[2]).getByText('€91.00')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€191.00');
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it("a line with no price in the selected currency says 'Not Available', never 0.00, and so do the totals", async () => {
    // The server leaves a currency out of a line's price lists when the product has no price in it.
    const dollarsOnly = { ...ring, _id: 'c3', unitPrice: ring.unitPrice.filter((p) => p.currType === USD._id), totalPrice: ring.totalPrice.filter((p) => p.currType === USD._id) };
    mockApi({ 'GET /cart': { items: [dollarsOnly, pearls] }, 'GET /currencies': [EUR, USD] });
    renderCart();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getAllByText('Not Available')).toHaveLength(2);
    expect(within(rows[1]).queryByText(/0\.00/)).toBeNull();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Not Available');
    expect(screen.getByRole('alert')).toHaveTextContent('Some items are not available in EUR');
    act(() => setSelectedCurrency(USD._id));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$210.50');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('totals follow the selected currency', async () => {
    mockApi({ 'GET /cart': { items: [ring, pearls] }, 'GET /currencies': [EUR, USD] });
    renderCart();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€191.00'));
    act(() => setSelectedCurrency(USD._id));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$210.50');
    expect(screen.getByText('$100.50')).toBeInTheDocument();
  });

  it('plus and minus change the quantity by one; minus at 1 removes the line', async () => {
    const calls = mockApi({
      'GET /cart': { items: [ring, pearls] },
      'GET /currencies': [EUR, USD],
      'PUT /cart/c2': { items: [ring, { ...pearls, quantity: 1 }] },
      'PUT /cart/c1': { items: [{ ...ring, quantity: 2 }, pearls] },
      'DELETE /cart/c1': { items: [pearls] },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Pearl Necklace' }));
    await waitFor(() => expect(lastCartCall(calls)).toEqual({ method: 'PUT', url: '/cart/c2', body: { quantity: 1 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Gold Ring' }));
    await waitFor(() => expect(lastCartCall(calls)).toEqual({ method: 'PUT', url: '/cart/c1', body: { quantity: 2 } }));
    await act(async () => {
      await cart.mutate(async () => ({ data: { items: [ring, pearls] } }));
    });
    // Gold Ring is at 1: minus removes it.
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Gold Ring' }));
    await waitFor(() => expect(lastCartCall(calls)).toMatchObject({ method: 'DELETE', url: '/cart/c1' }));
    expect(await screen.findByText('Item removed successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Gold Ring')).not.toBeInTheDocument();
  });

  describe('stock (issue 17)', () => {
    const soldOut = cartItem('c3', 'Emerald Ring', 2, { eur: 300, usd: 330 }, ['Gold'], 0);
    const short = cartItem('c4', 'Ruby Studs', 3, { eur: 80, usd: 90 }, [], 2);
    const atMost = cartItem('c5', 'Opal Pendant', 2, { eur: 50, usd: 55 }, [], 2);

    it("marks a line with none left 'Out of stock' and one with fewer left than its quantity 'Only N left', and says the order would be refused", async () => {
      mockApi({ 'GET /cart': { items: [soldOut, short, atMost, pearls] }, 'GET /currencies': [EUR, USD] });
      renderCart();
      const rows = await screen.findAllByRole('row');
      expect(within(rows[1]).getByTestId('stock-note')).toHaveTextContent('Out of stock');
      expect(within(rows[2]).getByTestId('stock-note')).toHaveTextContent('Only 2 left');
      // At what is left, or unlimited: nothing to say.
      expect(within(rows[3]).queryByTestId('stock-note')).not.toBeInTheDocument();
      expect(within(rows[4]).queryByTestId('stock-note')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Some items have sold out or have fewer left than in your cart.');
    });

    it('plus stops at what is left; minus takes a line above it straight down to it', async () => {
      const calls = mockApi({ 'GET /cart': { items: [short, atMost, pearls] }, 'GET /currencies': [EUR, USD], 'PUT /cart/c4': { items: [{ ...short, quantity: 2 }, atMost, pearls] } });
      renderCart();
      expect(await screen.findByRole('button', { name: 'Increase quantity of Opal Pendant' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Increase quantity of Ruby Studs' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Increase quantity of Pearl Necklace' })).toBeEnabled();
      fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Ruby Studs' }));
      await waitFor(() => expect(lastCartCall(calls)).toEqual({ method: 'PUT', url: '/cart/c4', body: { quantity: 2 } }));
      await waitFor(() => expect(screen.queryByText(STOCK_SHORT)).not.toBeInTheDocument());
    });

    it("a 409 on a quantity change says the server's words and reads the cart again", async () => {
      let reads = 0;
      const calls = mockApi({
        'GET /cart': () => Promise.resolve({ data: { items: ++reads === 1 ? [ring] : [{ ...ring, availableQuantity: 1 }] }, status: 200 }),
        'GET /currencies': [EUR, USD],
        'PUT /cart/c1': () => Promise.reject(httpError(409, 'Only 1 of Gold Ring left')),
      });
      renderCart();
      fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Gold Ring' }));
      expect(await screen.findByText('Only 1 of Gold Ring left')).toBeInTheDocument();
      await waitFor(() => expect(calls.filter((c) => c.url === '/cart' && c.method === 'GET')).toHaveLength(2));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Increase quantity of Gold Ring' })).toBeDisabled());
    });

    it('CartRow marks its line too', () => {
      mockApi({ 'GET /currencies': [EUR, USD] });
      renderCart(<CartRow item={soldOut} />);
      expect(screen.getByTestId('stock-note')).toHaveTextContent('Out of stock');
    });
  });

  it('tells the user when removing fails', async () => {
    mockApi({ 'GET /cart': { items: [ring] }, 'GET /currencies': [EUR, USD], 'DELETE /cart/c1': () => Promise.reject(new Error('down')) });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Gold Ring' }));
    expect(await screen.findByText('Failed to remove item. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Gold Ring')).toBeInTheDocument();
  });

  it('shows the empty message', async () => {
    mockApi({ 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
    renderCart();
    expect(await screen.findByText('Nothing in Cart. Please select from the Shop.')).toBeInTheDocument();
  });

  it('CartRow in admin view hides remove and quantity controls and uses the given currency', () => {
    mockApi({ 'GET /currencies': [EUR, USD] });
    renderCart(<CartRow item={ring} adminView currencyId={USD._id} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('price')[0].parentElement).toHaveTextContent(/^1 x \$110\.00$/);
    expect(screen.getByText('Gold, 7')).toBeInTheDocument();
  });

  it("CartRow says 'Not Available' for a line with no price in its currency, never 0.00", () => {
    mockApi({ 'GET /currencies': [EUR, USD] });
    renderCart(<CartRow item={pricedOnlyIn(ring, USD._id)} adminView currencyId={EUR._id} />);
    expect(screen.getAllByText('Not Available')[0].parentElement).toHaveTextContent(/^1 x Not Available$/);
    expect(screen.getAllByText(/Not Available/)).toHaveLength(2);
    expect(screen.queryByText(/0\.00/)).toBeNull();
  });

  it('CartRow for the customer has remove and quantity controls', () => {
    mockApi({ 'GET /currencies': [EUR, USD] });
    renderCart(<CartRow item={ring} />);
    expect(screen.getByRole('button', { name: 'Remove Gold Ring' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Quantity of Gold Ring' })).toBeInTheDocument();
    expect(screen.getAllByText('€100.00')).toHaveLength(2);
  });

  // Issue 22: the cart shows what checkout charges before account discounts and coupons.
  describe('sale prices', () => {
    const pendant = onSale(cartItem('c5', 'Pearl Pendant', 2, { eur: 89, usd: 99 }), percentOff(15));

    it('shows a discounted unit price and line total with the originals struck through, and a subtotal after product discounts', async () => {
      mockApi({ 'GET /cart': { items: [pendant, pearls] }, 'GET /currencies': [EUR, USD] });
      renderCart();
      const rows = await screen.findAllByRole('row');
      const [price, total] = within(rows[1]).getAllByTestId('price');
      expect(price).toHaveTextContent('Original price: €89.00Sale price: €75.65');
      expect(within(price).getByText('€89.00').closest('del')).not.toBeNull();
      expect(total).toHaveTextContent('Original price: €178.00Sale price: €151.30');
      // A line without a discount shows its prices as they are.
      expect(within(rows[2]).queryByText(/Original price/)).toBeNull();
      expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€242.30');
      expect(screen.getByText(CHECKOUT_DISCOUNTS_NOTE)).toBeInTheDocument();
      expect(screen.queryByText('Discounts are applied at checkout.')).not.toBeInTheDocument();
    });

    it('CartRow shows the sale price too', () => {
      mockApi({ 'GET /currencies': [EUR, USD] });
      renderCart(<CartRow item={pendant} adminView currencyId={USD._id} />);
      expect(screen.getAllByTestId('price').map((p) => p.textContent)).toEqual(['Original price: $99.00Sale price: $84.15', 'Original price: $198.00Sale price: $168.30']);
    });
  });

  describe('quantity toasts (issue 22)', () => {
    it("plus says the quantity changed, not that an item was added", async () => {
      mockApi({ 'GET /cart': { items: [ring] }, 'GET /currencies': [EUR, USD], 'PUT /cart/c1': { items: [{ ...ring, quantity: 2 }] } });
      renderCart();
      fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Gold Ring' }));
      expect(await screen.findByText('Quantity updated')).toBeInTheDocument();
      expect(screen.queryByText('Item added to Cart!')).not.toBeInTheDocument();
    });

    it("a failed change says so in the shop's words, never the server's own message", async () => {
      mockApi({ 'GET /cart': { items: [ring] }, 'GET /currencies': [EUR, USD], 'PUT /cart/c1': () => Promise.reject(httpError(500, 'relation "cart_items" does not exist')) });
      renderCart();
      fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Gold Ring' }));
      expect(await screen.findByText('Failed to update quantity. Please try again.')).toBeInTheDocument();
      expect(screen.queryByText(/relation/)).not.toBeInTheDocument();
    });
  });

  // Issue 38: the cart says what checkout will charge, not a subtotal and a saving apart.
  describe('totals as checkout charges them', () => {
    afterEach(() => forgetCoupon());
    const totals = (couponCode?: string) => ({
      subTotalPrice: 1230,
      productDiscount: 0,
      userDiscount: 61.5,
      couponDiscount: couponCode ? 123 : 0,
      totalDiscount: couponCode ? 184.5 : 61.5,
      coupon: couponCode ? { code: couponCode, amount: 123 } : null,
      totalPrice: couponCode ? 1045.5 : 1168.5,
      currency: { symbol: '€', currType: EUR._id, code: 'EUR' },
    });

    it('shows the discount and the coupon with their minus signs, and the total checkout will charge', async () => {
      applyCoupon('SAVE10');
      mockApi({
        'GET /cart': { items: [ring, pearls] },
        'GET /currencies': [EUR, USD],
        'POST /order/preview': (_url: string, body: { couponCode?: string }) => ok(totals(body.couponCode)),
      });
      renderCart();
      expect(await screen.findByTestId('cart-total')).toHaveTextContent('€1,045.50');
      expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€1,230.00');
      expect(screen.getByTestId('cart-discount')).toHaveTextContent('-€61.50');
      expect(screen.getByTestId('cart-coupon')).toHaveTextContent('-€123.00');
      expect(screen.getByText('Coupon SAVE10')).toBeInTheDocument();
      // The note that checkout takes more off would now be wrong: the totals say it.
      expect(screen.queryByText(CHECKOUT_DISCOUNTS_NOTE)).not.toBeInTheDocument();
    });

    it('without the server (a failed preview) the cart keeps its own subtotal and the note', async () => {
      mockApi({ 'GET /cart': { items: [ring, pearls] }, 'GET /currencies': [EUR, USD], 'POST /order/preview': () => Promise.reject(httpError(503, 'down')) });
      renderCart();
      await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€191.00'));
      expect(screen.getByText(CHECKOUT_DISCOUNTS_NOTE)).toBeInTheDocument();
      expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
    });
  });
});
