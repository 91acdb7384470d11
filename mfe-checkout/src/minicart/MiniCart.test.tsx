import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setSelectedCurrency, signOut } from '@shop/shared';
import MiniCart from './MiniCart';
import { EUR, USD, cartItem, mockApi, onSale, percentOff, pricedOnlyIn, resetShop, signInCustomer } from '../test/fixtures';

const ring = cartItem('c1', 'Gold Ring', 2, { eur: 100, usd: 110 }, ['Gold']);
const lineText = () => screen.getByRole('listitem').textContent;

describe('mini cart', () => {
  beforeEach(resetShop);

  it('loads the cart when signed in and shows count, list, subtotal and links', async () => {
    signInCustomer(EUR._id);
    mockApi({ 'GET /cart': { items: [ring] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart compact /></MemoryRouter>);
    const trigger = await screen.findByRole('button', { name: 'Cart, 1 item, €200.00' });
    fireEvent.click(trigger);
    await waitFor(() => expect(lineText()).toContain('2 x €100.00'));
    expect(screen.getByText('Gold')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gold Ring' })).toHaveAttribute('href', '/gold-ring');
    expect(screen.getByTestId('mini-cart-subtotal')).toHaveTextContent('€200.00');
    act(() => setSelectedCurrency(USD._id));
    expect(screen.getByTestId('mini-cart-subtotal')).toHaveTextContent('$220.00');
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    const image = screen.getByRole('dialog').querySelector('img')!;
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '778');
  });

  // Issue 38: open, the panel keeps the keyboard; Escape closes it and the focus is back on the cart button.
  it('keeps the focus inside while open, and Escape gives it back to the cart button', async () => {
    signInCustomer(EUR._id);
    mockApi({ 'GET /cart': { items: [ring] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><a href="/before">before</a><MiniCart compact /><a href="/after">after</a></MemoryRouter>);
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Cart, 1 item, €200.00' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await screen.findByRole('link', { name: 'Checkout' });
    expect(dialog).toHaveFocus();
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 8; i++) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("says 'Not Available' for a line with no price in the selected currency, and for the subtotal", async () => {
    signInCustomer(EUR._id);
    mockApi({ 'GET /cart': { items: [pricedOnlyIn(ring, USD._id)] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart compact /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    await waitFor(() => expect(lineText()).toContain('2 x Not Available'));
    expect(screen.getByTestId('mini-cart-subtotal')).toHaveTextContent('Not Available');
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/0\.00/);
    act(() => setSelectedCurrency(USD._id));
    expect(lineText()).toContain('2 x $110.00');
    expect(screen.getByTestId('mini-cart-subtotal')).toHaveTextContent('$220.00');
  });

  it("marks a line with fewer left than its quantity (issue 17)", async () => {
    signInCustomer(EUR._id);
    mockApi({ 'GET /cart': { items: [{ ...ring, availableQuantity: 1 }, cartItem('c2', 'Emerald Ring', 1, { eur: 300, usd: 330 }, [], 0)] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart compact /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: /^Cart, 2 items/ }));
    const [first, second] = await screen.findAllByRole('listitem');
    expect(within(first).getByTestId('stock-note')).toHaveTextContent('Only 1 left');
    expect(within(second).getByTestId('stock-note')).toHaveTextContent('Out of stock');
  });

  it('does not call the server for a visitor and shows the empty message', async () => {
    const calls = mockApi({ 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    expect(await screen.findByText('Nothing in Cart. Please select from the Shop.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/cart')).toEqual([]);
  });

  it('empties when the user signs out', async () => {
    signInCustomer(EUR._id);
    mockApi({ 'GET /cart': { items: [ring] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart /></MemoryRouter>);
    await screen.findByRole('button', { name: /^Cart, 1 item/ });
    act(() => signOut());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument());
  });

  // Issue 22: the mini cart and the header show what checkout charges before account discounts and coupons.
  it('shows a discounted line at its sale price with the original struck through, and the subtotal after product discounts', async () => {
    signInCustomer(EUR._id);
    const pendant = onSale(cartItem('c2', 'Pearl Pendant', 2, { eur: 89, usd: 99 }), percentOff(15));
    mockApi({ 'GET /cart': { items: [pendant] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart compact /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 1 item, €151.30' }));
    await waitFor(() => expect(lineText()).toContain('2 x Original price: €89.00Sale price: €75.65'));
    expect(within(screen.getByRole('listitem')).getByText('€89.00').closest('del')).not.toBeNull();
    expect(screen.getByTestId('mini-cart-subtotal')).toHaveTextContent('€151.30');
    expect(screen.getByTestId('header-cart-total')).toHaveTextContent('€151.30');
  });

  it('the header total is the sale subtotal in the selected currency, and nothing while a line has no price in it', async () => {
    signInCustomer(EUR._id);
    const pendant = onSale(cartItem('c2', 'Pearl Pendant', 1, { eur: 89, usd: 99 }), percentOff(15));
    mockApi({ 'GET /cart': { items: [pendant, pricedOnlyIn(ring, USD._id)] }, 'GET /wishlist': { items: [] }, 'GET /currencies': [EUR, USD] });
    render(<MemoryRouter><MiniCart compact /></MemoryRouter>);
    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-cart-total')).not.toBeInTheDocument();
    // 99 less 15 % = 84.15, plus 2 x 110.
    act(() => setSelectedCurrency(USD._id));
    expect(screen.getByTestId('header-cart-total')).toHaveTextContent('$304.15');
    expect(screen.getByRole('button', { name: 'Cart, 2 items, $304.15' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Cart, 2 items/ }));
    expect(await screen.findByTestId('mini-cart-subtotal')).toHaveTextContent('$304.15');
  });
});
