import { menuEntries } from './menuEntries';

const visible = (auth: boolean, role: '' | 'admin' | 'customer', isSuperAdmin = false) =>
  menuEntries({ auth, role, isSuperAdmin }).filter((e) => e.show).map((e) => `${e.title} ${e.url}`);

describe('account menu entries (SPEC §2)', () => {
  it('offers Login and Register to visitors', () => {
    expect(visible(false, '')).toEqual(['Login /login', 'Register /register']);
  });

  it('gives customers their orders, addresses, profile and logout', () => {
    expect(visible(true, 'customer')).toEqual(['Orders /my-account/orders', 'Addresses /my-account/addresses', 'Profile /my-account/profile', 'Logout /login']);
  });

  it('gives the super admin the whole back office', () => {
    expect(visible(true, 'admin', true)).toEqual([
      'Dashboard /dashboard', 'Orders /orders', 'Products /products', 'Filters /filters', 'Discounts /discounts', 'Coupons /coupons',
      'Currencies /currencies', 'Users /users', 'Deleted Users /deleted-users',
      'Messages /messages', 'Emails /emails', 'Audit log /audit-log', 'Releases /releases', 'Reviews /reviews', 'Logout /login',
    ]);
  });

  it('gives a plain admin the back office but the Releases page (its API is the super admin\'s)', () => {
    const entries = visible(true, 'admin');
    expect(entries).not.toContain('Releases /releases');
    expect(entries).toContain('Reviews /reviews');
    expect(entries).toHaveLength(14);
  });
});
