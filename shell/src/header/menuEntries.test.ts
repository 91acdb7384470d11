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
      'Currencies /currencies', 'Shipping /shipping', 'Taxes /taxes', 'Users /users', 'Deleted Users /deleted-users',
      'Messages /messages', 'Emails /emails', 'Content /content', 'Audit log /audit-log', 'Releases /releases', 'Store settings /store-settings',
      'Staff /staff', 'Roles /roles', 'Reviews /reviews', 'Logout /login',
    ]);
  });

  it('gives a plain admin the back office but the super admin\'s pages (Releases, Store settings)', () => {
    const entries = visible(true, 'admin');
    expect(entries).not.toContain('Releases /releases');
    expect(entries).not.toContain('Store settings /store-settings');
    expect(entries).toContain('Reviews /reviews');
    expect(entries).toHaveLength(19);
  });

  it('shows staff only the back-office pages their role holds (issue 42): a Support member never sees Products', () => {
    const support = menuEntries({ auth: true, role: 'admin', isSuperAdmin: false, permissions: ['orders', 'customers'] })
      .filter((e) => e.show)
      .map((e) => e.url);
    expect(support).toEqual(['/dashboard', '/orders', '/users', '/deleted-users', '/login']);
  });
});
