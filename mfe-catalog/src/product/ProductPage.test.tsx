import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, loadCurrencies, setRemoteLoader, setSelectedCurrency, type Product } from '@shop/shared';
import { EUR, USD, httpError, ok, product } from '../test/fixtures';
import ProductPage from './ProductPage';

const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

const ring = product({
  imageUrls: ['uploads/1.jpg', 'uploads/2.jpg', 'uploads/3.jpg', 'uploads/4.jpg'],
  tags: ['NEW', 'gold'],
  variants: [
    {
      _id: 'v-size',
      type: 'Size',
      options: [
        { _id: 's-5', name: '5', isActive: true, inStock: true, incRate: [{ currType: USD._id, amount: 0 }, { currType: EUR._id, amount: 0 }] },
        { _id: 's-6', name: '6', isActive: true, inStock: true, incRate: [{ currType: USD._id, amount: 15 }, { currType: EUR._id, amount: 12 }] },
        { _id: 's-7', name: '7', isActive: true, inStock: false, incRate: [] },
        { _id: 's-8', name: '8', isActive: false, inStock: true, incRate: [] },
      ],
    },
    {
      _id: 'v-metal',
      type: 'Metal',
      options: [
        { _id: 'm-rose', name: 'Rose gold', isActive: false, inStock: true, incRate: [] },
        { _id: 'm-yellow', name: 'Yellow gold', isActive: true, inStock: true, incRate: [{ currType: USD._id, amount: 20 }, { currType: EUR._id, amount: 18 }] },
      ],
    },
  ],
});

let answer: () => Promise<unknown>;

/** The checkout remote's fragments, faked: they show the props the product page hands them. */
function FakeAddToCart(props: { product: Product; selectedOptions: unknown; quantity: number; price: number | undefined }) {
  return <output data-testid="add-to-cart">{JSON.stringify({ id: props.product._id, selectedOptions: props.selectedOptions, quantity: props.quantity, price: props.price })}</output>;
}
function FakeWishlist(props: { product: Product }) {
  return <output data-testid="wishlist">{props.product.title}</output>;
}

beforeAll(() => {
  setRemoteLoader(async (id) => ({ default: id === 'checkout/AddToCart' ? FakeAddToCart : FakeWishlist }));
});

beforeEach(async () => {
  localStorage.clear();
  answer = () => ok(ring);
  jest.spyOn(api, 'get').mockImplementation((url: string) => {
    if (url === '/currencies') return ok([USD, EUR]);
    if (url.startsWith('/product/slugSearch/')) return answer();
    return Promise.reject(httpError(404));
  });
  await loadCurrencies(true);
  act(() => setSelectedCurrency(USD._id));
});

afterEach(() => jest.restoreAllMocks());

function renderProduct(slug = 'aurora-ring', search = '') {
  return render(
    <MemoryRouter initialEntries={[`/${slug}${search}`]}>
      <Routes>
        <Route path="/:slug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const cartProps = () => JSON.parse(screen.getByTestId('add-to-cart').textContent ?? '{}');
const priceText = () => screen.getByTestId('price').textContent;

describe('ProductPage', () => {
  // Issue 38 (18): an admin's signed link shows a draft's page (the server checks the token), said to be a preview.
  it("opens a draft through its preview token, and says shoppers cannot see it", async () => {
    const get = jest.spyOn(api, 'get').mockImplementation((url: string) => {
      if (url === '/currencies') return ok([USD, EUR]);
      if (url === '/product/preview?token=signed.token') return ok({ ...ring, published: false });
      return Promise.reject(httpError(404));
    });
    renderProduct('aurora-ring', '?preview=signed.token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora Ring' })).toBeInTheDocument();
    expect(screen.getByText('Preview of a draft: shoppers cannot see this page until it is published.')).toBeInTheDocument();
    expect(get.mock.calls.map(([url]) => url)).not.toContainEqual('/product/slugSearch/aurora-ring');
  });

  // Issue 38 (11): a sold-out combination offers "E-mail me when it's back"; signed out, an address is asked.
  it("offers 'E-mail me when it's back' under a sold-out piece, and sends the address given", async () => {
    answer = () => ok({ ...ring, variants: [], trackInventory: true, stock: [{ options: [], quantity: 0 }], available: false });
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok({ message: 'ok', email: 'mia@example.com' }));
    renderProduct();
    fireEvent.click(await screen.findByRole('button', { name: "E-mail me when it's back" }));
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'mia@example' } });
    fireEvent.click(screen.getByRole('button', { name: "E-mail me when it's back" }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'mia@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: "E-mail me when it's back" }));
    expect(await screen.findByText("Done: we will e-mail mia@example.com once when it's back.")).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`/product/${ring._id}/stock-alert`, { options: [], email: 'mia@example.com' });
  });

  // Issue 38: "You may also like", from the server's related pieces, in the chosen currency.
  it('shows up to 8 related pieces under "You may also like", asked in the selected currency', async () => {
    const related = [{ ...ring, _id: 'r2', slug: 'sol-ring', title: 'Sol Ring' }, { ...ring, _id: 'r3', slug: 'luna-ring', title: 'Luna Ring' }];
    const get = jest.spyOn(api, 'get').mockImplementation((url: string) => {
      if (url === '/currencies') return ok([USD, EUR]);
      if (url.startsWith('/product/slugSearch/')) return answer();
      if (url.startsWith(`/product/${ring._id}/related`)) return ok(related);
      return Promise.reject(httpError(404));
    });
    renderProduct();
    const section = await screen.findByRole('region', { name: 'You may also like' });
    expect(within(section).getAllByRole('link', { name: /Sol Ring|Luna Ring/ }).length).toBeGreaterThanOrEqual(2);
    expect(get.mock.calls.map(([url]) => url)).toContainEqual(`/product/${ring._id}/related?selectedCurr=${USD._id}`);
  });

  it('shows no related section when there are none', async () => {
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Aurora Ring' });
    expect(screen.queryByRole('region', { name: 'You may also like' })).not.toBeInTheDocument();
  });

  it('shows a spinner, then the product with its title, New badge, features, tags and information table', async () => {
    renderProduct();
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora Ring' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/product/slugSearch/aurora-ring');
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('18k recycled gold')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'gold' })).toHaveAttribute('href', '/shop?que=gold');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Size' }).nextSibling).toHaveTextContent('5, 6, 7, 8');
    expect(within(table).getByRole('rowheader', { name: 'Metal' }).nextSibling).toHaveTextContent('Rose gold, Yellow gold');
    // The server's head for the page says the same (contract productHead, api/src/web/pageHead.ts).
    await waitFor(() => expect(document.title).toBe('Aurora Ring — Aurelia Jewels'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'A slim band in recycled gold.');
  });

  it('has no New badge without a tag "new"', async () => {
    answer = () => ok({ ...ring, tags: ['renewed'] });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('defaults each variant to its first option that can be chosen; inactive or out-of-stock options are disabled', async () => {
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const size = screen.getByRole('group', { name: /Size/ });
    expect(within(size).getByRole('radio', { name: '5' })).toBeChecked();
    expect(within(size).getByRole('radio', { name: /^7/ })).toBeDisabled();
    expect(within(size).getByRole('radio', { name: /^8/ })).toBeDisabled();
    expect(within(size).getByRole('radio', { name: /^6/ })).toBeEnabled();
    const metal = screen.getByRole('group', { name: /Metal/ });
    expect(within(metal).getByRole('radio', { name: /Rose gold/ })).toBeDisabled();
    expect(within(metal).getByRole('radio', { name: /Yellow gold/ })).toBeChecked();
    // 100 base + 0 (size 5) + 20 (yellow gold)
    expect(priceText()).toBe('$120.00');
    expect(await screen.findByTestId('add-to-cart')).toBeInTheDocument();
    expect(cartProps()).toEqual({ id: 'p1', selectedOptions: [{ variantId: 'v-size', optionId: 's-5' }, { variantId: 'v-metal', optionId: 'm-yellow' }], quantity: 1, price: 120 });
    expect(screen.getByTestId('wishlist')).toHaveTextContent('Aurora Ring');
  });

  it('recomputes the price on option and currency change', async () => {
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('radio', { name: /^6/ }));
    expect(priceText()).toBe('$135.00');
    expect(cartProps()).toMatchObject({ selectedOptions: [{ variantId: 'v-size', optionId: 's-6' }, { variantId: 'v-metal', optionId: 'm-yellow' }], price: 135 });
    act(() => setSelectedCurrency(EUR._id));
    // 90 + 12 + 18
    expect(priceText()).toBe('€120.00');
    expect(cartProps().price).toBe(120);
  });

  it('strikes through the original price while a discount runs, and ignores expired ones', async () => {
    answer = () =>
      ok({
        ...ring,
        discounts: [
          { _id: 'd1', title: 'Spring', discountType: 'percentage', timeLimit: future, value: [{ currType: USD._id, amount: 10 }] },
          { _id: 'd2', title: 'Old', discountType: 'fixed', timeLimit: past, value: [{ currType: USD._id, amount: 50 }] },
        ],
      });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const price = screen.getByTestId('price');
    expect(price.querySelector('del')).toHaveTextContent('$120.00');
    expect(price).toHaveTextContent('Sale price: $108.00');
  });

  it('says Not Available and hands the cart no price when the product has none in the currency', async () => {
    answer = () => ok({ ...ring, basePrice: [{ currType: EUR._id, amount: 90 }] });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Not Available')).toBeInTheDocument();
    await screen.findByTestId('add-to-cart');
    expect(cartProps().price).toBeUndefined();
  });

  it('an option with a surcharge but none in the currency says Not Available and cannot be chosen; the default skips it', async () => {
    const metals = {
      _id: 'v-metal',
      type: 'Metal',
      options: [
        { _id: 'm-gold', name: 'Gold', isActive: true, inStock: true, incRate: [{ currType: USD._id, amount: 40 }] },
        // Saved with 0 in dollars only: adds nothing in any currency.
        { _id: 'm-silver', name: 'Silver', isActive: true, inStock: true, incRate: [{ currType: USD._id, amount: 0 }] },
      ],
    };
    answer = () => ok({ ...ring, variants: [metals] });
    act(() => setSelectedCurrency(EUR._id));
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const metal = screen.getByRole('group', { name: /Metal/ });
    expect(within(metal).getByRole('radio', { name: /Gold/ })).toBeDisabled();
    expect(within(metal).getByText(/Not Available/)).toBeInTheDocument();
    expect(within(metal).getByRole('radio', { name: /Silver/ })).toBeChecked();
    expect(priceText()).toBe('€90.00');
    expect((await screen.findByTestId('add-to-cart')) && cartProps().price).toBe(90);
    act(() => setSelectedCurrency(USD._id));
    expect(within(metal).getByRole('radio', { name: /Gold/ })).toBeEnabled();
    fireEvent.click(within(metal).getByRole('radio', { name: /Gold/ }));
    expect(priceText()).toBe('$140.00');
    // Back to euros with Gold chosen: the page says Not Available and hands the cart no price.
    act(() => setSelectedCurrency(EUR._id));
    expect(screen.queryByTestId('price')).not.toBeInTheDocument();
    expect(screen.getAllByText('Not Available').length).toBeGreaterThan(0);
    expect(cartProps().price).toBeUndefined();
  });

  it('the gallery shows the chosen options\' photos, the variant chosen last first, else the product\'s (issue 22)', async () => {
    const withPhotos = (options: Product['variants'][number]['options'], photos: Record<string, string[]>) => options.map((o) => ({ ...o, imageUrls: photos[o._id] ?? [] }));
    answer = () =>
      ok({
        ...ring,
        variants: [
          { ...ring.variants[0], options: withPhotos(ring.variants[0].options, { 's-6': ['uploads/4.jpg'] }) },
          { _id: 'v-metal', type: 'Metal', options: withPhotos([{ _id: 'm-gold', name: 'Gold', isActive: true, inStock: true, incRate: [] }, { _id: 'm-silver', name: 'Silver', isActive: true, inStock: true, incRate: [] }], { 'm-gold': ['uploads/2.jpg', 'uploads/1.jpg'], 'm-silver': ['uploads/3.jpg'] }) },
        ],
      });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const main = () => screen.getByRole('img', { name: /^Aurora Ring/ }).getAttribute('src');
    const photos = () => screen.queryAllByRole('button', { name: /^Show photo/ }).length;
    // By default: Size 5 has none, Gold its two.
    expect(main()).toMatch(/uploads\/2\.jpg/);
    expect(photos()).toBe(2);
    fireEvent.click(screen.getByRole('radio', { name: 'Silver' }));
    expect(main()).toMatch(/uploads\/3\.jpg/);
    expect(photos()).toBe(0);
    // Size 6 chosen last: its photo first, then the metal's.
    fireEvent.click(screen.getByRole('radio', { name: /^6/ }));
    expect(main()).toMatch(/uploads\/4\.jpg/);
    expect(screen.getByRole('img', { name: 'Aurora Ring, photo 1 of 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Gold' }));
    expect(main()).toMatch(/uploads\/2\.jpg/);
    expect(photos()).toBe(3);
  });

  it('keeps the quantity at 1 or more', async () => {
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input).toHaveValue(3);
    await screen.findByTestId('add-to-cart');
    expect(cartProps().quantity).toBe(3);
    fireEvent.click(minus);
    expect(input).toHaveValue(2);
    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue(1);
    fireEvent.change(input, { target: { value: '-4' } });
    expect(input).toHaveValue(1);
  });

  describe('stock (issue 17)', () => {
    // Sizes 5 and 6 (7 and 8 cannot be chosen), Yellow gold (Rose gold is inactive): two combinations.
    const tracked = (stock: Array<{ options: string[]; quantity: number }>, extra: Partial<Product> = {}) =>
      ok({ ...ring, trackInventory: true, available: true, lowStockThreshold: 3, stock, ...extra });
    const note = () => screen.getByTestId('stock-note');

    it("says 'Only N left' for a combination at or below the threshold, and keeps the quantity within it", async () => {
      answer = () => tracked([{ options: ['s-5', 'm-yellow'], quantity: 2 }, { options: ['s-6', 'm-yellow'], quantity: 9 }]);
      renderProduct();
      await screen.findByRole('heading', { level: 1 });
      expect(note()).toHaveTextContent('Only 2 left');
      const plus = screen.getByRole('button', { name: 'Increase quantity' });
      fireEvent.click(plus);
      expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
      expect(plus).toBeDisabled();
      fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '7' } });
      expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
      await screen.findByTestId('add-to-cart');
      expect(cartProps().quantity).toBe(2);
      // Size 6 has 9: above the threshold, nothing is said and the quantity may grow.
      fireEvent.click(screen.getByRole('radio', { name: /^6/ }));
      expect(note()).toBeEmptyDOMElement();
      expect(plus).toBeEnabled();
    });

    it("says 'Out of stock' for a combination with none left, and hands the cart the chosen combination", async () => {
      answer = () => tracked([{ options: ['s-5', 'm-yellow'], quantity: 4 }, { options: ['s-6', 'm-yellow'], quantity: 0 }]);
      renderProduct();
      await screen.findByRole('heading', { level: 1 });
      expect(note()).toBeEmptyDOMElement();
      fireEvent.click(screen.getByRole('radio', { name: /^6/ }));
      expect(note()).toHaveTextContent('Out of stock');
      // The checkout remote's AddToCart disables itself for this combination (its own test).
      await screen.findByTestId('add-to-cart');
      expect(cartProps().selectedOptions).toEqual([{ variantId: 'v-size', optionId: 's-6' }, { variantId: 'v-metal', optionId: 'm-yellow' }]);
    });

    it('an option none of whose combinations is in stock is shown out of stock and is not the default', async () => {
      answer = () => tracked([{ options: ['s-5', 'm-yellow'], quantity: 0 }, { options: ['s-6', 'm-yellow'], quantity: 5 }]);
      renderProduct();
      await screen.findByRole('heading', { level: 1 });
      const size = screen.getByRole('group', { name: /Size/ });
      expect(within(size).getByRole('radio', { name: /^5 \(out of stock\)/ })).toBeDisabled();
      expect(within(size).getByRole('radio', { name: /^6/ })).toBeChecked();
      expect(note()).toBeEmptyDOMElement();
    });

    it("says 'Out of stock' when the product is not available at all", async () => {
      answer = () => ok({ ...ring, variants: [], available: false });
      renderProduct();
      await screen.findByRole('heading', { level: 1 });
      expect(note()).toHaveTextContent('Out of stock');
    });

    it('says nothing of a product that does not count its stock', async () => {
      renderProduct();
      await screen.findByRole('heading', { level: 1 });
      expect(note()).toBeEmptyDOMElement();
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
      expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(4);
    });
  });

  it('shows the 404 page for an unknown slug', async () => {
    answer = () => Promise.reject(httpError(404, 'Product not found'));
    renderProduct('no-such-piece');
    expect(await screen.findByRole('heading', { name: 'Opps! This page Could Not Be Found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
    // As the server's 404 answer for it is titled.
    expect(document.title).toBe('Page not found — Aurelia Jewels');
  });

  it('offers a retry when the server cannot be reached', async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? Promise.reject(httpError(503)) : ok(ring));
    renderProduct();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora Ring' })).toBeInTheDocument();
  });
});
