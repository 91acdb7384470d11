import { act, waitFor } from '@testing-library/react';
import { sessionAtom, shopStore, signOut } from '@shop/shared';
import { cart, fetchCart, setCartQuantity } from '../cart/cartState';
import { wishlist } from '../wishlist/wishlistState';
import { startShopSync } from './sessionSync';
import { cartItem, httpError, mockApi, ok, resetShop, signInCustomer, wishlistItem } from '../test/fixtures';

const ring = cartItem('c1', 'Gold Ring', 1, { eur: 100, usd: 110 });

describe('cart state', () => {
  beforeEach(resetShop);

  it('cleared while signed out it is settled and empty; a load goes loading, then succeeded with items and length', async () => {
    expect(cart.get()).toEqual({ items: [], status: 'succeeded', error: null, length: 0 });
    signInCustomer();
    let release!: () => void;
    mockApi({ 'GET /cart': () => new Promise((r) => (release = () => r(ok({ items: [ring] })))) });
    const done = fetchCart();
    expect(cart.get().status).toBe('loading');
    release();
    await done;
    expect(cart.get()).toEqual({ items: [ring], status: 'succeeded', error: null, length: 1 });
  });

  it('stores the server message and status failed when the fetch fails', async () => {
    signInCustomer();
    mockApi({ 'GET /cart': () => Promise.reject(httpError(500, 'Database unavailable')) });
    await fetchCart();
    expect(cart.get()).toMatchObject({ status: 'failed', error: 'Database unavailable', items: [] });
  });

  it('does not call the server without a token and is empty', async () => {
    const calls = mockApi({});
    await fetchCart();
    expect(calls).toEqual([]);
    expect(cart.get()).toMatchObject({ items: [], status: 'succeeded', length: 0 });
  });

  it('settles a visitor on empty lists (no endless loading) without calling the server', async () => {
    const calls = mockApi({});
    startShopSync();
    await waitFor(() => expect(cart.get().status).toBe('succeeded'));
    expect(wishlist.get()).toMatchObject({ items: [], status: 'succeeded' });
    expect(calls).toEqual([]);
  });

  it('on a 401 signs the user out and clears cart and wishlist', async () => {
    signInCustomer();
    shopStore.set(wishlist.atom, { items: [wishlistItem('p1', 'Pearl', [])], status: 'succeeded', error: null, length: 1 });
    mockApi({ 'GET /cart': () => Promise.reject(httpError(401, 'Invalid or expired token')) });
    startShopSync();
    await waitFor(() => expect(shopStore.get(sessionAtom).token).toBe(''));
    expect(cart.get()).toMatchObject({ items: [], length: 0 });
    expect(wishlist.get()).toMatchObject({ items: [], length: 0 });
  });

  it('loads both lists when a session starts and clears both when it ends', async () => {
    const calls = mockApi({ 'GET /cart': { items: [ring] }, 'GET /wishlist': { items: [wishlistItem('p2', 'Pearl', [])] } });
    startShopSync();
    expect(calls).toEqual([]);
    act(() => signInCustomer());
    await waitFor(() => expect(cart.get().length).toBe(1));
    await waitFor(() => expect(wishlist.get().length).toBe(1));
    const callsBefore = calls.length;
    act(() => signOut());
    // Cleared, then settled as an empty list for the visitor without calling the server.
    await waitFor(() => expect(cart.get()).toEqual({ items: [], status: 'succeeded', error: null, length: 0 }));
    expect(wishlist.get()).toEqual({ items: [], status: 'succeeded', error: null, length: 0 });
    expect(calls.length).toBe(callsBefore);
  });

  it('drops an answer that arrives after the session ended', async () => {
    signInCustomer();
    let release!: () => void;
    mockApi({ 'GET /cart': () => new Promise((r) => (release = () => r(ok({ items: [ring] })))) });
    const done = fetchCart();
    signOut();
    cart.clear();
    release();
    await done;
    expect(cart.get().items).toEqual([]);
  });

  it('quantity below 1 removes the line; otherwise sets it', async () => {
    signInCustomer();
    const calls = mockApi({ 'PUT /cart/c1': { items: [{ ...ring, quantity: 2 }] }, 'DELETE /cart/c1': { items: [] } });
    await setCartQuantity('c1', 2);
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/cart/c1', body: { quantity: 2 } });
    expect(cart.get().items[0].quantity).toBe(2);
    await setCartQuantity('c1', 0);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/cart/c1' });
    expect(cart.get()).toMatchObject({ items: [], length: 0 });
  });
});
