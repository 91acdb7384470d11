import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastArea, type Product } from '@shop/shared';
import AddToCart from './AddToCart';
import WishlistButton from '../wishlist/WishlistButton';
import { cart } from './cartState';
import { wishlist } from '../wishlist/wishlistState';
import { EUR, USD, cartItem, httpError, mockApi, resetShop, signInCustomer, wishlistItem } from '../test/fixtures';

const product = { _id: 'p1', slug: 'gold-ring', title: 'Gold Ring', variants: [], basePrice: [{ currType: EUR._id, amount: 100 }], trackInventory: false, available: true } as unknown as Product;
const options = [{ variantId: 'v1', optionId: 'o1' }];

const renderWithToasts = (ui: React.ReactNode) => render(<MemoryRouter>{ui}<ToastArea /></MemoryRouter>);

describe('AddToCart', () => {
  beforeEach(resetShop);

  it('asks a visitor to log in and calls nothing', async () => {
    const calls = mockApi({ 'GET /currencies': [EUR, USD] });
    renderWithToasts(<AddToCart product={product} selectedOptions={options} quantity={1} price={100} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Login to add item in cart')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it.each([undefined, 0])('refuses a price of %p with "Item not available"', async (price) => {
    signInCustomer();
    const calls = mockApi({ 'GET /cart': { items: [] }, 'GET /wishlist': { items: [] } });
    renderWithToasts(<AddToCart product={product} selectedOptions={options} quantity={1} price={price} />);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Item not available')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('adds the product with its options and quantity and stores the answer', async () => {
    signInCustomer();
    const added = cartItem('c1', 'Gold Ring', 3, { eur: 100, usd: 110 });
    const calls = mockApi({ 'POST /cart': { items: [added] } });
    renderWithToasts(<AddToCart product={product} selectedOptions={options} quantity={3} price={100} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Item added to Cart!')).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'POST', url: '/cart', body: { productId: 'p1', options, quantity: 3, selectedCurr: 'cur-eur' } });
    expect(cart.get()).toMatchObject({ items: [added], length: 1 });
  });

  it('says so when adding fails', async () => {
    signInCustomer();
    mockApi({ 'POST /cart': () => Promise.reject(httpError(500, 'relation "cart" does not exist')) });
    renderWithToasts(<AddToCart product={product} selectedOptions={options} quantity={1} price={100} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Failed to add item to Cart.')).toBeInTheDocument();
  });

  it("says the server's 409 in its words when less is left than asked (issue 17), and stores nothing", async () => {
    signInCustomer();
    mockApi({ 'POST /cart': () => Promise.reject(httpError(409, 'Only 2 of Gold Ring left')) });
    renderWithToasts(<AddToCart product={product} selectedOptions={options} quantity={3} price={100} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Only 2 of Gold Ring left')).toBeInTheDocument();
    expect(cart.get().items).toEqual([]);
  });

  it('is disabled for a combination with none left, or a product not available at all (issue 17)', () => {
    signInCustomer();
    const calls = mockApi({ 'GET /cart': { items: [] } });
    const ring = (stock: number) => ({ ...product, trackInventory: true, stock: [{ options: ['o1'], quantity: stock }] }) as Product;
    const { rerender } = renderWithToasts(<AddToCart product={ring(0)} selectedOptions={options} quantity={1} price={100} />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    rerender(<MemoryRouter><AddToCart product={ring(1)} selectedOptions={options} quantity={1} price={100} /><ToastArea /></MemoryRouter>);
    expect(button).toBeEnabled();
    rerender(<MemoryRouter><AddToCart product={{ ...ring(1), available: false }} selectedOptions={options} quantity={1} price={100} /><ToastArea /></MemoryRouter>);
    expect(button).toBeDisabled();
  });

  it("shows the server's reason when it refuses the product (not available in the currency), and stores nothing", async () => {
    signInCustomer();
    mockApi({ 'POST /cart': () => Promise.reject(httpError(400, '"Gold Ring" is not available in EUR')) });
    renderWithToasts(<AddToCart product={product} selectedOptions={options} quantity={1} price={100} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('"Gold Ring" is not available in EUR')).toBeInTheDocument();
    expect(cart.get().items).toEqual([]);
  });
});

describe('WishlistButton', () => {
  beforeEach(resetShop);

  it('asks a visitor to log in', async () => {
    mockApi({});
    renderWithToasts(<WishlistButton product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Login to add item in wishlist')).toBeInTheDocument();
  });

  it('adds the product and shows it as saved', async () => {
    signInCustomer();
    const calls = mockApi({ 'GET /cart': { items: [] }, 'GET /wishlist': { items: [] }, 'POST /wishlist/p1': { items: [wishlistItem('p1', 'Gold Ring', [])] } });
    renderWithToasts(<WishlistButton product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Item added to Wishlist!')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', url: '/wishlist/p1', body: undefined });
    await waitFor(() => expect(screen.getByRole('button', { name: 'In your wishlist' })).toHaveAttribute('aria-pressed', 'true'));
    expect(wishlist.get().length).toBe(1);
  });

  it('says so when adding fails', async () => {
    signInCustomer();
    mockApi({ 'GET /cart': { items: [] }, 'GET /wishlist': { items: [] }, 'POST /wishlist/p1': () => Promise.reject(httpError(500, 'x')) });
    renderWithToasts(<WishlistButton product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Failed to add item to Wishlist.')).toBeInTheDocument();
  });
});
