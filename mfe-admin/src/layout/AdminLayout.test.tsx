import { screen } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { AdminLayout, ADMIN_SECTIONS } from './AdminLayout';

test('a page inside the frame: breadcrumb built from the path, its title as the heading and the document title, actions beside it', () => {
  renderAdmin(
    <AdminLayout title="Deleted Users" actions={<button type="button">Export</button>}>
      <p>Body</p>
    </AdminLayout>,
    { path: '/deleted-users' },
  );
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(trail).toHaveTextContent('Home');
  expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  expect(screen.getByText('deleted users')).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('heading', { level: 1, name: 'Deleted Users' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  expect(screen.getByText('Body')).toBeInTheDocument();
  expect(document.title).toContain('Deleted Users');
});

test('the sections of SPEC §2 in menu order, from the remote\'s list (offers.ts)', () => {
  expect(ADMIN_SECTIONS.map((s) => `${s.label} ${s.to}`)).toEqual([
    'Dashboard /dashboard', 'Orders /orders', 'Products /products', 'Filters /filters', 'Discounts /discounts',
    'Coupons /coupons', 'Currencies /currencies', 'Shipping /shipping', 'Taxes /taxes', 'Users /users', 'Deleted Users /deleted-users',
    'Messages /messages', 'Emails /emails', 'Content /content', 'Audit log /audit-log', 'Releases /releases', 'Store settings /store-settings',
    'Staff /staff', 'Roles /roles', 'Reviews /reviews',
  ]);
});
