import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { setSelectedCurrency, shopStore, ToastArea } from '@shop/shared';
import CheckoutPage from '../checkout/CheckoutPage';
import CartPage from '../cart/CartPage';
import { cart } from '../cart/cartState';
import { couponAtom } from './couponState';
import { EUR, USD, cartItem, httpError, mockApi, ok, resetShop, signInCustomer } from '../test/fixtures';
import { COUPON_MESSAGES } from '@shop/shared/src/contract';

const ring = cartItem('c1', 'Gold Ring', 2, { eur: 100, usd: 110 }, ['Gold']);
const plain = { subTotalPrice: 200, productDiscount: 0, userDiscount: 20, totalDiscount: 20, coupon: null, totalPrice: 180, currency: { symbol: '€', currType: EUR._id, code: 'EUR' } };
const withWelcome = { ...plain, totalDiscount: 47, coupon: { code: 'AURELIA15', amount: 27 }, totalPrice: 153 };
const inDollars = { ...plain, subTotalPrice: 220, userDiscount: 22, totalDiscount: 51.7, coupon: { code: 'AURELIA15', amount: 29.7 }, totalPrice: 168.3, currency: { symbol: '$', currType: USD._id, code: 'USD' } };

type PreviewBody = { selectedCurr: string; couponCode?: string };
const previews = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url === '/order/preview').map((c) => c.body as PreviewBody);

/** The server's preview: AURELIA15 (any case) applies; any other code is refused as unknown. */
function preview(refusal: (body: PreviewBody) => string | null = (b) => (b.couponCode?.toUpperCase() === 'AURELIA15' ? null : COUPON_MESSAGES.unknown)) {
  return (_url: string, body: PreviewBody) => {
    if (!body.couponCode) return ok(body.selectedCurr === USD._id ? { ...inDollars, totalDiscount: 22, coupon: null, totalPrice: 198 } : plain);
    const refused = refusal(body);
    if (refused) return Promise.reject(httpError(400, refused));
    return ok(body.selectedCurr === USD._id ? inDollars : withWelcome);
  };
}

function setup(overrides: Record<string, unknown> = {}, path = '/checkout') {
  const calls = mockApi({
    'GET /cart': { items: [ring] },
    'GET /wishlist': { items: [] },
    'GET /currencies': [EUR, USD],
    'GET /user/addresses': [],
    'GET /config/getPaypalClient': { clientId: null },
    'POST /order/preview': preview(),
    ...overrides,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/cart" element={<><CartPage /><GoToCheckout /></>} />
        <Route path="/shop" element={<h1>Shop page</h1>} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
  return calls;
}

/** Client-side navigation, as the shell's Proceed to checkout link does (the remote stays loaded). */
function GoToCheckout() {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate('/checkout')}>Go to checkout</button>;
}

const field = () => screen.getByLabelText('Coupon code');
async function apply(code: string) {
  const input = await screen.findByLabelText('Coupon code');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('coupon code (issue 22)', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it('applies a code at checkout: the saving beside it, its own line in the review, the total from the server', async () => {
    const calls = setup();
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    await apply('aurelia15');
    expect(await screen.findByTestId('coupon-saving')).toHaveTextContent('You save €27.00');
    expect(screen.getByRole('status')).toHaveTextContent('AURELIA15');
    // Issue 38: the totals are the shared OrderTotals list (cart, checkout, confirmation), its terms in order.
    const totals = screen.getByTestId('review-total').closest('dl')!;
    expect(within(totals).getByText('Coupon AURELIA15')).toBeInTheDocument();
    expect(screen.getByTestId('review-coupon')).toHaveTextContent('-€27.00');
    // Discount is the product and account discounts only: the coupon has its own line.
    expect(screen.getByTestId('review-discount')).toHaveTextContent('-€20.00');
    expect(screen.getByTestId('review-total')).toHaveTextContent('€153.00');
    const rows = Array.from(totals.querySelectorAll('dt')).map((dt) => dt.textContent);
    expect(rows).toEqual(['Subtotal', 'Discount', 'Coupon AURELIA15', 'Total']);
    expect(previews(calls).at(-1)).toEqual({ selectedCurr: EUR._id, couponCode: 'aurelia15' });
    // The keyboard lands on Remove once the code applies.
    expect(screen.getByRole('button', { name: 'Remove coupon AURELIA15' })).toHaveFocus();
  });

  it('Enter in the field applies', async () => {
    const calls = setup();
    await screen.findByLabelText('Coupon code');
    await userEvent.type(field(), 'AURELIA15{Enter}');
    expect(await screen.findByTestId('coupon-saving')).toHaveTextContent('You save €27.00');
    expect(previews(calls)).toContainEqual({ selectedCurr: EUR._id, couponCode: 'AURELIA15' });
  });

  it('too many codes tried (429): the reason at the field, the code set aside, the order still possible without it', async () => {
    setup({
      'POST /order/preview': (_url: string, body: PreviewBody) =>
        body.couponCode ? Promise.reject(httpError(429, COUPON_MESSAGES.tooManyTries)) : ok(plain),
    });
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    await apply('GUESS42');
    expect(await screen.findByRole('alert')).toHaveTextContent(COUPON_MESSAGES.tooManyTries);
    expect(shopStore.get(couponAtom).code).toBeNull();
    expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it("a refused code: the server's reason next to the field, tied to it, and the totals without it", async () => {
    setup({ 'POST /order/preview': preview(() => COUPON_MESSAGES.expired) });
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    await apply('SPRING10');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This code has expired');
    expect(field()).toHaveAttribute('aria-describedby', alert.id);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveValue('SPRING10');
    expect(shopStore.get(couponAtom).code).toBeNull();
    expect(screen.queryByTestId('review-coupon')).not.toBeInTheDocument();
    expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
    // Typing again clears the reason.
    fireEvent.change(field(), { target: { value: 'SPRING1' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-describedby');
  });

  it('Remove takes the code off the totals and gives the field back', async () => {
    const calls = setup();
    await apply('AURELIA15');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove coupon AURELIA15' }));
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€180.00'));
    expect(screen.queryByTestId('review-coupon')).not.toBeInTheDocument();
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(previews(calls).at(-1)).toEqual({ selectedCurr: EUR._id });
    expect(sessionStorage.getItem('shop.coupon')).toBeNull();
  });

  it('asks again with the code when the currency changes', async () => {
    const calls = setup();
    await apply('AURELIA15');
    await screen.findByTestId('coupon-saving');
    act(() => setSelectedCurrency(USD._id));
    await waitFor(() => expect(screen.getByTestId('coupon-saving')).toHaveTextContent('You save $29.70'));
    expect(screen.getByTestId('review-total')).toHaveTextContent('$168.30');
    expect(previews(calls).at(-1)).toEqual({ selectedCurr: USD._id, couponCode: 'AURELIA15' });
  });

  it("a code that stops applying when the cart changes: its reason is shown and it leaves the totals", async () => {
    const minimum = COUPON_MESSAGES.minSubtotal('€150.00');
    let cartNow = [ring];
    setup({
      'GET /cart': () => ok({ items: cartNow }),
      // Two rings reach the minimum, one does not.
      'POST /order/preview': preview(() => (cartNow[0].quantity < 2 ? minimum : null)),
    });
    await apply('AURELIA15');
    await screen.findByTestId('coupon-saving');
    cartNow = [{ ...ring, quantity: 1 }];
    await act(async () => {
      await cart.mutate(() => ok({ items: cartNow }));
    });
    // The preview for the new cart refuses the code: the shopper reads why; the code is back in the field.
    expect(await screen.findByRole('alert')).toHaveTextContent('This code needs a subtotal of €150.00');
    expect(field()).toHaveValue('AURELIA15');
    expect(screen.queryByTestId('review-coupon')).not.toBeInTheDocument();
    expect(shopStore.get(couponAtom).code).toBeNull();
  });

  it('a code applied on the cart page is still applied at checkout', async () => {
    const calls = setup({}, '/cart');
    // Issue 38: signed in, the cart asks for checkout's totals, without a code until one is applied.
    await screen.findByLabelText('Coupon code');
    await waitFor(() => expect(previews(calls)).toEqual([{ selectedCurr: EUR._id }]));
    await apply('AURELIA15');
    expect(await screen.findByTestId('coupon-saving')).toHaveTextContent('You save €27.00');
    expect(sessionStorage.getItem('shop.coupon')).toBe('AURELIA15');
    fireEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    await waitFor(() => expect(screen.getByTestId('review-coupon')).toHaveTextContent('-€27.00'));
    expect(screen.getByTestId('review-total')).toHaveTextContent('€153.00');
    expect(screen.getByTestId('coupon-saving')).toHaveTextContent('You save €27.00');
  });

  it('a refusal on the cart page says why there', async () => {
    setup({}, '/cart');
    await apply('NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid');
    expect(shopStore.get(couponAtom).code).toBeNull();
  });
});
