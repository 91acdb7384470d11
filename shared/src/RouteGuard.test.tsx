import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Guard } from '@shop/contract';
import { guardRedirect, RouteGuard } from './RouteGuard';
import { signIn, signOut } from './session';

const visitor = { auth: false, role: '' };
const customer = { auth: true, role: 'customer' };
const admin = { auth: true, role: 'admin' };
const superAdmin = { auth: true, role: 'admin', isSuperAdmin: true };

describe('route guards (SPEC §2)', () => {
  it.each([
    ['admin', visitor, '/login'], ['admin', customer, '/login'], ['admin', admin, null],
    ['customer', visitor, '/login'], ['customer', admin, '/login'], ['customer', customer, null],
    ['signedIn', visitor, '/'], ['signedIn', customer, null],
    ['signedOut', customer, '/shop'], ['signedOut', admin, '/shop'], ['signedOut', visitor, null],
    ['superAdmin', visitor, '/login'], ['superAdmin', customer, '/login'], ['superAdmin', admin, '/login'], ['superAdmin', superAdmin, null],
    ['none', visitor, null],
    // A guard from a newer release this shell does not know: closed.
    ['owner' as Guard, superAdmin, '/login'],
  ] as Array<[Guard, { auth: boolean; role: string; isSuperAdmin?: boolean }, string | null]>)('%s guard for %o sends to %s', (guard, session, target) => {
    expect(guardRedirect(guard, session)).toBe(target);
  });

  it('redirects a visitor away from an admin page to /login', () => {
    signOut();
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<RouteGuard guard="admin"><p>Dashboard</p></RouteGuard>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it("sends a plain admin's deep link to the Releases page away, as a customer's to the back office (/login, then /shop)", () => {
    signIn({ name: 'Ann', role: 'admin', isSuperAdmin: false, token: 't' });
    render(
      <MemoryRouter initialEntries={['/releases']}>
        <Routes>
          <Route path="/releases" element={<RouteGuard guard="superAdmin"><p>Releases page</p></RouteGuard>} />
          <Route path="/login" element={<RouteGuard guard="signedOut"><p>Login page</p></RouteGuard>} />
          <Route path="/shop" element={<p>Shop page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByText('Releases page')).toBeNull();
    expect(screen.getByText('Shop page')).toBeInTheDocument();
    signOut();
  });

  it('lets the super admin open the Releases page', () => {
    signIn({ name: 'Sue', role: 'admin', isSuperAdmin: true, token: 't' });
    render(
      <MemoryRouter initialEntries={['/releases']}>
        <Routes>
          <Route path="/releases" element={<RouteGuard guard="superAdmin"><p>Releases page</p></RouteGuard>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Releases page')).toBeInTheDocument();
    signOut();
  });

  it('sends a signed-in user from /login to /shop', () => {
    signIn({ name: 'Jane', role: 'customer', isSuperAdmin: false, token: 't' });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<RouteGuard guard="signedOut"><p>Login page</p></RouteGuard>} />
          <Route path="/shop" element={<p>Shop page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Shop page')).toBeInTheDocument();
    signOut();
  });
});
