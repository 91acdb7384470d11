import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { configureShop, sessionAtom, shopStore, signedOutSession, signIn, RouteGuard } from '@shop/shared';
import FetchMock from '@shop/shared/src/test/fetchMock';
import { AccountMenu } from './AccountMenu';

// Issue 22: a long name is cut with an ellipsis in the header (CSS); the whole name stays in the
// button's name and its tooltip.
describe('AccountMenu', () => {
  beforeEach(() => shopStore.set(sessionAtom, signedOutSession));

  it("names the signed-in customer in full in the button's label and title", () => {
    const name = 'Maximiliana Alexandra Worthington-Smythe';
    shopStore.set(sessionAtom, { auth: true, name, role: 'customer', isSuperAdmin: false, token: 't', selectedCurrency: '' });
    render(<MemoryRouter><AccountMenu /></MemoryRouter>);
    const button = screen.getByRole('button', { name: `Account: ${name}` });
    expect(button).toHaveAttribute('title', name);
    expect(button).toHaveTextContent(name);
  });

  it('has no tooltip for a visitor', () => {
    render(<MemoryRouter><AccountMenu /></MemoryRouter>);
    expect(screen.getByRole('button', { name: 'Account' })).not.toHaveAttribute('title');
  });

  // The addresses page sends a signed-out visitor to / (SPEC §2), and /login sends a signed-in one to
  // /shop: the session cleared and /login must be one update, or one of them wins over /login.
  it.each(['/my-account/addresses', '/my-account/orders', '/shop'])('Logout on %s ends the session on the server and lands on /login, signed out', async (from) => {
    configureShop({ apiUrl: '/api' });
    const mock = new FetchMock();
    mock.reply('/api/user/logout', 204, '');
    signIn({ name: 'Ada', role: 'customer', isSuperAdmin: false, token: 'tok-1' });
    render(
      <MemoryRouter initialEntries={[from]}>
        <AccountMenu />
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/shop" element={<p>Shop page</p>} />
          <Route path="/login" element={<RouteGuard guard="signedOut"><p>Login page</p></RouteGuard>} />
          <Route path="/my-account/addresses" element={<RouteGuard guard="signedIn"><p>Addresses page</p></RouteGuard>} />
          <Route path="/my-account/orders" element={<RouteGuard guard="customer"><p>Orders page</p></RouteGuard>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account: Ada' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByText(/Home page|Shop page/)).not.toBeInTheDocument();
    expect(mock.lastRequest).toMatchObject({ method: 'POST', url: '/api/user/logout' });
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: false, token: '' });
  });
});
