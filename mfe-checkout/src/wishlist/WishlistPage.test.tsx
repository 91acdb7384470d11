import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastArea } from '@shop/shared';
import WishlistPage from './WishlistPage';
import { EUR, USD, cartItem, httpError, mockApi, percentOff, resetShop, signInCustomer, wishlistItem } from '../test/fixtures';

const ring = wishlistItem('p1', 'Gold Ring', [{ currType: EUR._id, amount: 1250 }, { currType: USD._id, amount: 1400 }]);
const pearl = wishlistItem('p2', 'Pearl Drop', [{ currType: USD._id, amount: 80 }]);

const renderPage = () => render(<MemoryRouter><WishlistPage /><ToastArea /></MemoryRouter>);

describe('/wishlist', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it('lists items with price, or Not Available without a price in the currency', async () => {
    mockApi({ 'GET /wishlist': { items: [ring, pearl] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
    renderPage();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('€1,250.00')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Not Available')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Gold Ring' })).toHaveAttribute('href', '/gold-ring');
  });

  it('opens a quick view', async () => {
    mockApi({ 'GET /wishlist': { items: [ring] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Quick View Gold Ring' }));
    const dialog = screen.getByRole('dialog', { name: 'Gold Ring' });
    expect(within(dialog).getByRole('link', { name: 'View product' })).toHaveAttribute('href', '/gold-ring');
  });

  it('removes an item, and tells when removing fails', async () => {
    const calls = mockApi({
      'GET /wishlist': { items: [ring, pearl] },
      'GET /cart': { items: [] },
      'GET /currencies': [EUR, USD],
      'DELETE /wishlist/p1': { items: [pearl] },
      'DELETE /wishlist/p2': () => Promise.reject(httpError(500, 'x')),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Gold Ring' }));
    expect(await screen.findByText('Item removed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Gold Ring')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'DELETE', url: '/wishlist/p1', body: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pearl Drop' }));
    expect(await screen.findByText('Failed removing item. Please try again.')).toBeInTheDocument();
  });

  it('shows the empty message', async () => {
    mockApi({ 'GET /wishlist': { items: [] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
    renderPage();
    expect(await screen.findByText('Nothing in Wishlist. Please select from the Shop.')).toBeInTheDocument();
  });

  // Issue 22: the wishlist shows the product page's sale price and adds to the cart from the list.
  describe('sale prices and Add to cart', () => {
    const option = (id: string, usd: number, inStock = true) => ({ _id: id, name: id, isActive: true, inStock, incRate: [{ currType: EUR._id, amount: usd }, { currType: USD._id, amount: usd }] });
    const pendant = wishlistItem('p3', 'Pearl Pendant', [{ currType: EUR._id, amount: 79 }, { currType: USD._id, amount: 89 }], {
      discounts: [percentOff(15)],
      // The first metal is sold out: the product page starts from Silver (+10), and so does the wishlist.
      variants: [{ _id: 'metal', type: 'Metal', options: [option('gold', 40, false), option('silver', 10)] }],
    });
    const soldOut = wishlistItem('p4', 'Opal Ring', [{ currType: EUR._id, amount: 50 }], { available: false });

    it('shows the sale price of the default options with the original struck through, in the row and in the quick view', async () => {
      mockApi({ 'GET /wishlist': { items: [pendant] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
      renderPage();
      const rows = await screen.findAllByRole('row');
      // 79 + 10 = 89.00, less 15 % = 75.65.
      const price = within(rows[1]).getByTestId('price');
      expect(price).toHaveTextContent('Original price: €89.00Sale price: €75.65');
      expect(within(price).getByText('€89.00').closest('del')).not.toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Quick View Pearl Pendant' }));
      expect(within(screen.getByRole('dialog', { name: 'Pearl Pendant' })).getByTestId('price')).toHaveTextContent('Original price: €89.00Sale price: €75.65');
    });

    it("adds one piece with the product page's default options", async () => {
      const added = cartItem('c9', 'Pearl Pendant', 1, { eur: 89, usd: 99 }, ['silver']);
      const calls = mockApi({ 'GET /wishlist': { items: [pendant] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD], 'POST /cart': { items: [added] } });
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Add to cart: Pearl Pendant' }));
      expect(await screen.findByText('Item added to Cart!')).toBeInTheDocument();
      expect(calls).toContainEqual({ method: 'POST', url: '/cart', body: { productId: 'p3', options: [{ variantId: 'metal', optionId: 'silver' }], quantity: 1, selectedCurr: EUR._id } });
    });

    // Issue 38: a ring's size is the shopper's to choose: the product page opens, nothing goes in the cart.
    it('a piece with a choice to make (sizes) opens its product page instead of adding a default', async () => {
      const sized = wishlistItem('p6', 'Gold Ring', [{ currType: EUR._id, amount: 120 }], {
        variants: [{ _id: 'size', type: 'Size', options: [option('5', 0), option('6', 0), option('7', 0)] }],
      });
      const calls = mockApi({ 'GET /wishlist': { items: [sized] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
      renderPage();
      const choose = await screen.findByRole('link', { name: 'Choose options: Gold Ring' });
      expect(choose).toHaveAttribute('href', '/gold-ring');
      expect(choose).toHaveTextContent('Choose options');
      expect(screen.queryByRole('button', { name: 'Add to cart: Gold Ring' })).not.toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    });

    it("a piece out of stock has its button disabled and saying so; one with no price in the currency is refused with SPEC's toast", async () => {
      const dollarsOnly = wishlistItem('p5', 'Dollar Chain', [{ currType: USD._id, amount: 20 }]);
      const calls = mockApi({ 'GET /wishlist': { items: [soldOut, dollarsOnly] }, 'GET /cart': { items: [] }, 'GET /currencies': [EUR, USD] });
      renderPage();
      const button = await screen.findByRole('button', { name: 'Out of stock: Opal Ring' });
      expect(button).toBeDisabled();
      expect(button).toHaveTextContent('Out of stock');
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Dollar Chain' }));
      expect(await screen.findByText('Item not available')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    });
  });
});
