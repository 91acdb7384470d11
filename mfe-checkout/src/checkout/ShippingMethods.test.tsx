import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastArea } from '@shop/shared';
import CheckoutPage from './CheckoutPage';
import { EUR, cartItem, httpError, mockApi, resetShop, signInCustomer } from '../test/fixtures';

// Issue 39: the checkout's shipping methods for the address's country, sent with the preview and the order.

// The page renders the whole country list on each change: slow hosts need more than the default.
jest.setTimeout(60_000);
const SLOW = { timeout: 10_000 };

const ring = cartItem('c1', 'Gold Ring', 2, { eur: 100, usd: 110 }, ['Gold']);
const methodsTo = (country: string) => `GET /shipping/methods?country=${country}&currency=${EUR._id}`;
const DE_METHODS = [
  { _id: 'm-std', name: 'Standard', estimate: '3-5 business days', amount: 9.9, free: false },
  { _id: 'm-exp', name: 'Express', estimate: '1-2 business days', amount: 22, free: false },
];
const FR_METHODS = [{ _id: 'm-fr', name: 'Colissimo', estimate: '2-3 business days', amount: 0, free: true }];
const currency = { symbol: '€', currType: EUR._id, code: 'EUR' };
/** What the server would answer for this method: shipping on its own line, VAT 19 % inside the total. */
function previewFor(body: { shippingMethodId?: string }) {
  const shippingPrice = body.shippingMethodId === 'm-exp' ? 22 : body.shippingMethodId === 'm-std' ? 9.9 : 0;
  const total = 200 + shippingPrice;
  return {
    subTotalPrice: 200, productDiscount: 0, userDiscount: 0, couponDiscount: 0, totalDiscount: 0, coupon: null, totalPrice: total, currency,
    shippingMethod: body.shippingMethodId ? { _id: body.shippingMethodId, name: body.shippingMethodId === 'm-exp' ? 'Express' : 'Standard' } : null,
    shippingCountry: 'DE', shippingPrice, taxTotal: Math.round((total * 19) / 119 * 100) / 100, taxLines: [{ rate: 19, base: 0, amount: Math.round((total * 19) / 119 * 100) / 100 }], pricesIncludeTax: true,
  };
}

function setup(overrides: Record<string, unknown> = {}) {
  const calls = mockApi({
    'GET /cart': { items: [ring] },
    'GET /wishlist': { items: [] },
    'GET /currencies': [EUR],
    'GET /user/addresses': [],
    'GET /config/getPaypalClient': { clientId: null },
    'POST /order/preview': (_url: string, body: { shippingMethodId?: string }) => Promise.resolve({ data: previewFor(body), status: 200 }),
    'POST /order': { _id: 'o1' },
    [methodsTo('DE')]: DE_METHODS,
    [methodsTo('FR')]: FR_METHODS,
    [methodsTo('AQ')]: () => Promise.reject(httpError(400, 'We do not ship to Antarctica yet')),
    ...overrides,
  });
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/order-confirmation/o1" element={<h1>Order o1 confirmed</h1>} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
  return calls;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillAddress(country: string) {
  fill('Country', country);
  fill('Address line 1', 'Friedrichstraße 1');
  fill('City', 'Berlin');
  fill('Postal code', '10117');
}
const previews = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'POST' && c.url === '/order/preview').map((c) => c.body);

describe('checkout shipping methods (issue 39)', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it('asks for the country first, then lists its methods with price and estimate, the cheapest chosen', async () => {
    setup();
    expect(await screen.findByText('Choose your country to see how we can ship to you.', {}, SLOW)).toBeInTheDocument();
    fillAddress('DE');
    const group = await screen.findByRole('group', { name: 'Shipping methods to Germany' }, SLOW);
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(within(group).getByRole('radio', { name: /Standard/ })).toBeChecked();
    expect(group).toHaveTextContent('3-5 business days');
    expect(group).toHaveTextContent('€9.90');
    expect(group).toHaveTextContent('€22.00');
    // Shipping and the VAT inside the total on lines of their own.
    await waitFor(() => expect(screen.getByTestId('review-shipping')).toHaveTextContent('€9.90'), SLOW);
    expect(screen.getByText('Shipping (Standard)')).toBeInTheDocument();
    expect(screen.getByTestId('review-total')).toHaveTextContent('€209.90');
    expect(screen.getByText('incl. VAT 19%')).toBeInTheDocument();
    expect(screen.getByTestId('review-tax-note')).toHaveTextContent('incl. VAT');
  });

  it('sends the method chosen with the preview and the order', async () => {
    const calls = setup();
    fillAddress('DE');
    fireEvent.click(await screen.findByRole('radio', { name: /Express/ }, SLOW));
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('€222.00'), SLOW);
    expect(previews(calls)).toContainEqual({ selectedCurr: EUR._id, country: 'DE', shippingMethodId: 'm-exp' });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order o1 confirmed' }, SLOW)).toBeInTheDocument();
    const order = calls.find((c) => c.method === 'POST' && c.url === '/order')!.body as Record<string, unknown>;
    expect(order.shippingMethodId).toBe('m-exp');
    expect(order.shippingAddress).toMatchObject({ country: 'Germany', countryCode: 'DE' });
  });

  it('reloads the methods and the preview when the country changes; a free method says so', async () => {
    const calls = setup();
    fillAddress('DE');
    await screen.findByRole('group', { name: 'Shipping methods to Germany' }, SLOW);
    fill('Country', 'FR');
    const group = await screen.findByRole('group', { name: 'Shipping methods to France' }, SLOW);
    expect(within(group).getByRole('radio', { name: /Colissimo/ })).toBeChecked();
    expect(group).toHaveTextContent('Free');
    await waitFor(() => expect(previews(calls)).toContainEqual({ selectedCurr: EUR._id, country: 'FR', shippingMethodId: 'm-fr' }), SLOW);
  });

  it('says a country no zone covers is not shipped to, and Place order stays disabled', async () => {
    setup();
    fillAddress('AQ');
    expect(await screen.findByTestId('not-shipped', {}, SLOW)).toHaveTextContent('We do not ship to Antarctica yet');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('shows the refusal of a method that no longer applies and reads the methods and price again', async () => {
    let methods = DE_METHODS;
    const calls = setup({
      [methodsTo('DE')]: () => Promise.resolve({ data: methods, status: 200 }),
      'POST /order': () => Promise.reject(httpError(400, 'Express no longer applies to this order: the parcel is now heavier')),
    });
    fillAddress('DE');
    fireEvent.click(await screen.findByRole('radio', { name: /Express/ }, SLOW));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled(), SLOW);
    methods = [{ ...DE_METHODS[1], amount: 30 }];
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('method-problem', {}, SLOW)).toHaveTextContent('Express no longer applies');
    await waitFor(() => expect(screen.getByRole('group', { name: 'Shipping methods to Germany' })).toHaveTextContent('€30.00'), SLOW);
    expect(calls.filter((c) => c.url.startsWith('/shipping/methods?country=DE')).length).toBeGreaterThanOrEqual(2);
  });
});
