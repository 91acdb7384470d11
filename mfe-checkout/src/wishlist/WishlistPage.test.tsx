import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastArea } from '@shop/shared';
import WishlistPage from './WishlistPage';
import { EUR, USD, httpError, mockApi, resetShop, signInCustomer, wishlistItem } from '../test/fixtures';

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
});
