import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { keepGuestCart, sessionAtom, shopStore, ToastArea } from '@shop/shared';
import CheckoutPage from './CheckoutPage';
import { cart } from '../cart/cartState';
import { couponAtom } from '../coupon/couponState';
import type { PaypalNamespace } from './paypalSdk';
import { EUR, USD, cartItem, httpError, mockApi, ok, pricedOnlyIn, resetShop, signInCustomer } from '../test/fixtures';
import { COUPON_MESSAGES } from '@shop/shared/src/contract';

const ring = cartItem('c1', 'Gold Ring', 2, { eur: 100, usd: 110 }, ['Gold']);
const preview = { subTotalPrice: 200, totalDiscount: 20, totalPrice: 180, currency: { symbol: '€', currType: EUR._id, code: 'EUR' } };
const saved = [
  { _id: 'a1', fullName: 'Jane Doe', line1: '1 Main St', city: 'Paris', postalCode: '75001', country: 'France' },
  { _id: 'a2', fullName: 'Jane Doe', line1: '2 Side St', city: 'Lyon', postalCode: '69001', country: 'France' },
];

function setup(overrides: Record<string, unknown> = {}) {
  const calls = mockApi({
    'GET /cart': { items: [ring] },
    'GET /wishlist': { items: [] },
    'GET /currencies': [EUR, USD],
    'GET /user/addresses': [],
    'GET /config/getPaypalClient': { clientId: null },
    'GET /config/getStripeClient': { publishableKey: null, jsUrl: null },
    'POST /order/preview': preview,
    'POST /order': { _id: 'o1' },
    // Issue 39: a shop without shipping zones (checkout as before: no method to choose).
    [`GET /shipping/methods?country=FR&currency=${EUR._id}`]: [],
    // With a code the methods are asked with it (free over counts the goods after it).
    [`GET /shipping/methods?country=FR&currency=${EUR._id}&couponCode=AURELIA15`]: [],
    ...overrides,
  });
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/shop" element={<h1>Shop page</h1>} />
        <Route path="/order-confirmation/o1" element={<h1>Order o1 confirmed</h1>} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
  return calls;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/**
 * Issue 39: once a country is chosen its shipping methods are read before Place order can be used; here the
 * shop has no zone, so the methods' card goes once they are read (checkout as before).
 */
const methodsRead = () => waitFor(() => expect(screen.queryByRole('heading', { name: 'Shipping method' })).not.toBeInTheDocument());
async function fillAddress() {
  fill('Country', 'FR');
  fill('Address line 1', '1 Rue de la Paix');
  fill('City', 'Paris');
  fill('Postal code', '75002');
  await methodsRead();
}
const orders = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'POST' && c.url === '/order');

/** The provider's SDK once its script has loaded: what the page gives its buttons. */
function stubWallet() {
  const wallet: { options?: Parameters<PaypalNamespace['Buttons']>[0] } = {};
  (window as unknown as { paypal: PaypalNamespace }).paypal = {
    // biome-ignore lint/correctness/noComponentHookFactories: PayPal's SDK names its buttons factory Buttons; it is not a React component
    Buttons: (o) => {
      wallet.options = o;
      return { render: async () => undefined };
    },
  };
  return wallet;
}

/** Chooses PayPal (the address filled) and lets the provider's script load: answers the buttons' options. */
async function openWallet(clientId: string) {
  const wallet = stubWallet();
  await fillAddress();
  fireEvent.click(await screen.findByRole('radio', { name: 'PayPal' }));
  expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  await waitFor(() => expect(document.querySelector(`script[src*="${clientId}"]`)).not.toBeNull());
  act(() => document.querySelector(`script[src*="${clientId}"]`)!.dispatchEvent(new Event('load')));
  await waitFor(() => expect(wallet.options).toBeDefined());
  return wallet.options!;
}

describe('/checkout', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it('reviews the order with the totals the server will charge', async () => {
    const calls = setup();
    const review = await screen.findByRole('table', { name: 'Order review' });
    expect(await within(review).findByText('Gold')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    expect(screen.getByTestId('review-subtotal')).toHaveTextContent('€200.00');
    expect(screen.getByTestId('review-discount')).toHaveTextContent('-€20.00');
    expect(calls).toContainEqual({ method: 'POST', url: '/order/preview', body: { selectedCurr: EUR._id } });
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('refuses an incomplete new address with "Please enter a valid address"', async () => {
    const calls = setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    fill('Country', 'FR');
    fill('Address line 1', '1 Rue de la Paix');
    await methodsRead();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    // Inline next to the payment, and as a toast.
    await waitFor(() => expect(screen.getAllByText('Please enter a valid address')).toHaveLength(2));
    expect(orders(calls)).toEqual([]);
  });

  // Issue 38: each wrong field marked, its message beside it, the keyboard on the first.
  it('marks each wrong address field (aria-invalid, message beside it) and moves the focus to the first', async () => {
    setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    fill('Country', 'FR');
    fill('Address line 1', '1 Rue de la Paix');
    await methodsRead();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveAttribute('aria-invalid', 'false');
    const described = document.getElementById(city.getAttribute('aria-describedby')!);
    expect(described).toHaveTextContent('This field is required');
    // Filled, the field is no longer marked.
    fill('City', 'Paris');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'false');
    fill('Postal code', '7');
    expect(screen.getByText('Enter the postal code in digits (2 to 12)')).toBeInTheDocument();
  });

  it('accepts digits only in the postal code', async () => {
    setup();
    fill('Postal code', '75a0-02');
    expect(screen.getByLabelText('Postal code')).toHaveValue('75002');
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
  });

  it('places the order with a new address, clears the cart and opens the order confirmation (issue 38)', async () => {
    const calls = setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await fillAddress();
    fill('Address line 2 (optional)', ' Floor 2 ');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order o1 confirmed' })).toBeInTheDocument();
    expect(orders(calls)[0].body).toEqual({
      paymentMethod: 'Cash On Delivery',
      selectedCurr: EUR._id,
      shippingAddress: { country: 'France', countryCode: 'FR', line1: '1 Rue de la Paix', line2: 'Floor 2', city: 'Paris', state: '', postalCode: '75002' },
    });
    expect(cart.get()).toMatchObject({ items: [], length: 0 });
  });

  it('asks to select an address when none is saved', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'your addresses' }));
    expect(await screen.findByText("You don't have any saved address.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findAllByText('Please select an address')).not.toHaveLength(0);
    expect(orders(calls)).toEqual([]);
  });

  it('preselects the first saved address and orders with it', async () => {
    const calls = setup({ 'GET /user/addresses': saved });
    fireEvent.click(screen.getByRole('tab', { name: 'your addresses' }));
    const first = await screen.findByRole('radio', { name: /1 Main St/ });
    expect(first).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /2 Side St/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order o1 confirmed' })).toBeInTheDocument();
    expect(orders(calls)[0].body).toEqual({ paymentMethod: 'Cash On Delivery', selectedCurr: EUR._id, addressId: 'a2' });
  });

  it('names the new order\'s number in the success toast (issue 17)', async () => {
    setup({ 'POST /order': { _id: 'o1', orderNumber: 'AJ-100042' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Order placed successfully! Your order number is AJ-100042.')).toBeInTheDocument();
  });

  it('lists the lines that ask for more than is left and does not place the order (issue 17)', async () => {
    const soldOut = cartItem('c3', 'Emerald Ring', 1, { eur: 300, usd: 330 }, ['Gold', '7'], 0);
    const short = cartItem('c4', 'Ruby Studs', 3, { eur: 80, usd: 90 }, [], 2);
    const calls = setup({ 'GET /cart': { items: [ring, soldOut, short] } });
    const review = await screen.findByRole('table', { name: 'Order review' });
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    expect(within(review).getAllByTestId('stock-note').map((n) => n.textContent)).toEqual(['Out of stock', 'Only 2 left']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('These items cannot be ordered as they are:');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Emerald Ring (Gold, 7): Out of stock', 'Ruby Studs: Only 2 left']);
    expect(within(alert).getByRole('link', { name: 'Change them in your cart' })).toHaveAttribute('href', '/cart');
    await fillAddress();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(orders(calls)).toEqual([]);
    // Once the cart asks for no more than is left, the order can be placed.
    await act(async () => {
      await cart.mutate(async () => ({ data: { items: [ring, { ...short, quantity: 2 }] } }));
    });
    expect(screen.queryByText('These items cannot be ordered as they are:')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
  });

  it("a 409 from POST /order says the server's words, keeps the shopper on checkout and reads the cart again (issue 17)", async () => {
    let reads = 0;
    const calls = setup({
      'GET /cart': () => Promise.resolve({ data: { items: ++reads === 1 ? [ring] : [{ ...ring, availableQuantity: 1 }] }, status: 200 }),
      'POST /order': () => Promise.reject(httpError(409, 'Only 1 of Gold Ring left')),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Only 1 of Gold Ring left')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shop page' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === '/cart')).toHaveLength(2));
    expect(await screen.findByText('These items cannot be ordered as they are:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('says "Failed to place order" when the server fails', async () => {
    setup({ 'POST /order': () => Promise.reject(httpError(500, 'relation "orders" does not exist')) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Failed to place order')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shop page' })).not.toBeInTheDocument();
  });

  it("a line not available in the currency: 'Not Available', the server's reason, and no Place order", async () => {
    const refusal = '"Gold Ring" is not available in EUR';
    const calls = setup({ 'GET /cart': { items: [pricedOnlyIn(ring, USD._id)] }, 'POST /order/preview': () => Promise.reject(httpError(400, refusal)) });
    const review = await screen.findByRole('table', { name: 'Order review' });
    expect(await within(review).findByText('Not Available')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(orders(calls)).toEqual([]);
    expect(screen.getByRole('table', { name: 'Order review' })).not.toHaveTextContent(/0\.00/);
  });

  it("says the server's reason when it refuses the order (a price gone since the preview)", async () => {
    const refusal = '"Gold Ring" is not available in EUR';
    setup({ 'POST /order': () => Promise.reject(httpError(400, refusal)) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shop page' })).not.toBeInTheDocument();
    expect(cart.get().items).toHaveLength(1);
  });

  it('disables Place order at a zero subtotal', async () => {
    setup({ 'GET /cart': { items: [] } });
    expect(await screen.findByText('Nothing in Cart. Please select from the Shop.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('hides the wallet option when no client id is configured', async () => {
    setup();
    await screen.findByRole('radio', { name: 'Cash on delivery' });
    await act(() => Promise.resolve());
    expect(screen.queryByRole('radio', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('offers Card only when the shop has Stripe keys, and loads Stripe.js only once the buyer asks for the card form (issue 40)', async () => {
    const intent = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 180, currency: 'EUR', holdUntil: '2026-11-29T10:15:00.000Z' };
    const calls = setup({ 'GET /config/getStripeClient': { publishableKey: 'pk_test_1', jsUrl: 'https://js.stand-in.test/v3/stripe.js' }, 'POST /order/card/intent': intent });
    await fillAddress();
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(document.querySelector('script[data-shop-card]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to card details' }));
    await waitFor(() => expect(document.querySelector('script[data-shop-card]')).not.toBeNull());
    const script = document.querySelector<HTMLScriptElement>('script[data-shop-card]')!;
    expect(script.src).toBe('https://js.stand-in.test/v3/stripe.js');
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/order/card/intent',
      body: { selectedCurr: EUR._id, shippingAddress: expect.objectContaining({ country: 'France', countryCode: 'FR', line1: '1 Rue de la Paix', city: 'Paris', postalCode: '75002' }) },
    });
    act(() => script.dispatchEvent(new Event('error')));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card form could not be loaded. Please try again.');
    expect(orders(calls)).toHaveLength(0);
  });

  it("lets a guest pay by card: the intent names the guest's e-mail and name; without them nothing is asked of the server (issue 40)", async () => {
    const intent = { paymentIntentId: 'pi_g', clientSecret: 'pi_g_secret_x', amount: 180, currency: 'EUR', holdUntil: '2026-11-29T10:15:00.000Z' };
    resetShop(); // signed out: a guest, paying in euros
    shopStore.set(sessionAtom, { ...shopStore.get(sessionAtom), selectedCurrency: EUR._id });
    keepGuestCart('guest-cart-token', '2099-01-01T00:00:00.000Z');
    const calls = setup({
      'GET /settings/guest-checkout': { guestCheckout: true },
      'GET /config/getStripeClient': { publishableKey: 'pk_test_1', jsUrl: 'https://js.stand-in.test/v3/stripe.js' },
      'POST /order/card/intent': intent,
    });
    await screen.findByRole('heading', { name: 'Checking out as a guest' });
    await fillAddress();
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    const cont = await screen.findByRole('button', { name: 'Continue to card details' });
    expect(cont).toBeEnabled();
    fireEvent.click(cont);
    expect(await screen.findAllByText('Enter the name the order ships to')).not.toHaveLength(0);
    fill('Full name', 'Gina Guest');
    fill('E-mail', 'gina@');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to card details' }));
    expect(await screen.findAllByText('Enter a valid email address')).not.toHaveLength(0);
    expect(calls.filter((c) => c.url === '/order/card/intent')).toHaveLength(0);
    fill('E-mail', 'gina@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to card details' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/order/card/intent',
        body: { selectedCurr: EUR._id, email: 'gina@example.com', shippingAddress: expect.objectContaining({ fullName: 'Gina Guest', countryCode: 'FR', line1: '1 Rue de la Paix' }) },
      }),
    );
    expect(orders(calls)).toHaveLength(0);
  });

  it('hides Card without Stripe keys', async () => {
    setup();
    await screen.findByRole('radio', { name: 'Cash on delivery' });
    await act(() => Promise.resolve());
    expect(screen.queryByRole('radio', { name: 'Card' })).not.toBeInTheDocument();
  });

  it('blocks choosing a payment method while the address is invalid', async () => {
    setup({ 'GET /config/getPaypalClient': { clientId: 'client-blocked' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'PayPal' }));
    expect(await screen.findAllByText('Please enter a valid address')).not.toHaveLength(0);
    expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    expect(document.querySelector('script[data-shop-wallet]')).toBeNull();
  });

  it('shows "Paypal SDK could not be loaded." when the provider script fails', async () => {
    setup({ 'GET /config/getPaypalClient': { clientId: 'client-broken' } });
    await fillAddress();
    fireEvent.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await waitFor(() => expect(document.querySelector('script[data-shop-wallet]')).not.toBeNull());
    const script = document.querySelector<HTMLScriptElement>('script[data-shop-wallet]')!;
    expect(script.src).toContain('client-id=client-broken');
    expect(script.src).toContain('currency=USD');
    act(() => script.dispatchEvent(new Event('error')));
    expect(await screen.findAllByText('Paypal SDK could not be loaded.')).not.toHaveLength(0);
  });

  it('pays with the wallet: the order is created by our API and placed with the approved provider order', async () => {
    const calls = setup({ 'GET /config/getPaypalClient': { clientId: 'client-ok' }, 'POST /wallet/paypal/order': { id: 'PAYPAL-1' } });
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    const options = await openWallet('client-ok');
    expect(await options.createOrder()).toBe('PAYPAL-1');
    expect(calls).toContainEqual({ method: 'POST', url: '/wallet/paypal/order', body: { selectedCurr: EUR._id, country: 'FR' } });
    await act(() => options.onApprove({ orderID: 'PAYPAL-1' }));
    expect(orders(calls)[0].body).toMatchObject({ paymentMethod: 'PayPal', paypalOrderId: 'PAYPAL-1', selectedCurr: EUR._id });
    expect(await screen.findByRole('heading', { name: 'Order o1 confirmed' })).toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    resetShop();
    setup();
    await act(() => Promise.resolve());
    expect(screen.getByText('Please log in to check out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  describe('with a coupon code (issue 22)', () => {
    const withWelcome = { ...preview, totalDiscount: 47, coupon: { code: 'AURELIA15', amount: 27 }, totalPrice: 153 };
    /** POST /order/preview: AURELIA15 applies while `refusal` answers null. */
    const couponPreview = (refusal: () => string | null = () => null) => (_url: string, body: { couponCode?: string }) => {
      const refused = body.couponCode ? refusal() : null;
      if (refused) return Promise.reject(httpError(400, refused));
      return ok(body.couponCode ? withWelcome : preview);
    };
    async function applyWelcome() {
      fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'AURELIA15' } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByTestId('coupon-saving')).toHaveTextContent('You save €27.00');
    }

    it('sends the code with the order, and forgets it once the order is placed', async () => {
      const calls = setup({ 'POST /order/preview': couponPreview(), 'POST /order': { _id: 'o1', orderNumber: 'AJ-100043' } });
      await applyWelcome();
      await fillAddress();
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      expect(await screen.findByText('Order placed successfully! Your order number is AJ-100043.')).toBeInTheDocument();
      expect(orders(calls)[0].body).toMatchObject({ paymentMethod: 'Cash On Delivery', selectedCurr: EUR._id, couponCode: 'AURELIA15' });
      expect(shopStore.get(couponAtom).code).toBeNull();
      expect(sessionStorage.getItem('shop.coupon')).toBeNull();
    });

    it("a 409 for the code: its reason as a toast and at the field; the shopper stays on checkout with the cart", async () => {
      let usedUp = false;
      const calls = setup({
        'POST /order/preview': couponPreview(() => (usedUp ? COUPON_MESSAGES.usageLimit : null)),
        'POST /order': () => {
          // Another shopper took the last use between the preview and the order.
          usedUp = true;
          return Promise.reject(httpError(409, COUPON_MESSAGES.usageLimit));
        },
      });
      await applyWelcome();
      await fillAddress();
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      await waitFor(() => expect(screen.getAllByText('This code has reached its usage limit')).toHaveLength(2));
      expect(document.querySelector('.Toastify')).toHaveTextContent('This code has reached its usage limit');
      const input = screen.getByLabelText('Coupon code');
      expect(document.getElementById(input.getAttribute('aria-describedby')!)).toHaveTextContent('This code has reached its usage limit');
      await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
      expect(screen.queryByTestId('review-coupon')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Shop page' })).not.toBeInTheDocument();
      expect(cart.get().items).toHaveLength(1);
      // Placed again, the order goes without the code.
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      await waitFor(() => expect(orders(calls)).toHaveLength(2));
      expect(orders(calls)[1].body).not.toHaveProperty('couponCode');
    });

    it("the wallet's provider order and the order itself carry the code", async () => {
      const calls = setup({ 'POST /order/preview': couponPreview(), 'GET /config/getPaypalClient': { clientId: 'client-coupon' }, 'POST /wallet/paypal/order': { id: 'PAYPAL-2' } });
      await applyWelcome();
      const options = await openWallet('client-coupon');
      expect(await options.createOrder()).toBe('PAYPAL-2');
      expect(calls).toContainEqual({ method: 'POST', url: '/wallet/paypal/order', body: { selectedCurr: EUR._id, country: 'FR', couponCode: 'AURELIA15' } });
      await act(() => options.onApprove({ orderID: 'PAYPAL-2' }));
      expect(orders(calls)[0].body).toMatchObject({ paymentMethod: 'PayPal', paypalOrderId: 'PAYPAL-2', couponCode: 'AURELIA15' });
    });
  });
});
