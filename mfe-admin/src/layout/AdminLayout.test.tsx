import { screen } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { AdminLayout } from './AdminLayout';

test('the side nav lists the sections of SPEC §2 in menu order, from the remote\'s list (offers.ts)', () => {
  renderAdmin(<AdminLayout title="Users"><p>Body</p></AdminLayout>, { path: '/users' });
  const links = screen.getAllByRole('link').map((a) => `${a.textContent} ${a.getAttribute('href')}`);
  expect(links).toEqual([
    'Dashboard /dashboard', 'Orders /orders', 'Products /products', 'Filters /filters', 'Discounts /discounts',
    'Coupons /coupons', 'Currencies /currencies', 'Users /users', 'Deleted Users /deleted-users', 'Messages /messages', 'Emails /emails',
  ]);
  expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
});
