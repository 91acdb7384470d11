import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { sessionAtom, shopStore, ToastArea } from '@shop/shared';
import CartPage, { EMPTY_CART } from '../cart/CartPage';
import WishlistPage, { EMPTY_WISHLIST } from '../wishlist/WishlistPage';
import { EUR, USD, httpError, mockApi, resetShop, signInCustomer } from '../test/fixtures';

// Issue 16, finding 12: a 401 on the cart or wishlist signs the user out; both pages must then
// settle on their empty state, not spin for ever ('Loading your cart').

const expired = () => Promise.reject(httpError(401, 'Invalid or expired token'));

describe('a 401 on the lists leaves every page usable', () => {
  beforeEach(() => {
    resetShop();
    signInCustomer(EUR._id);
  });

  it.each([
    ['/cart', <CartPage key="cart" />, EMPTY_CART, 'Loading your cart'],
    ['/wishlist', <WishlistPage key="wishlist" />, EMPTY_WISHLIST, 'Loading your wishlist'],
  ])('%s: signed out, then the empty state instead of the spinner', async (_, page, empty, spinner) => {
    mockApi({ 'GET /cart': expired, 'GET /wishlist': expired, 'GET /currencies': [EUR, USD] });
    render(
      <MemoryRouter>
        {page}
        <ToastArea />
      </MemoryRouter>,
    );
    await waitFor(() => expect(shopStore.get(sessionAtom).token).toBeFalsy());
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.queryByLabelText(spinner)).toBeNull();
    expect(screen.queryByText(spinner)).toBeNull();
  });
});
