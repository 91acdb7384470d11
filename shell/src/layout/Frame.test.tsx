import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, setRemoteLoader, signIn, signOut, shopStore, currenciesAtom } from '@shop/shared';
import { shopRoutes } from '../routing/routeTable';
import { adminPathsOf, Frame } from './Frame';

const loaded: string[] = [];
beforeEach(() => {
  loaded.length = 0;
  signOut();
  shopStore.set(currenciesAtom, []);
  jest.spyOn(api, 'get').mockResolvedValue({ data: [] });
  setRemoteLoader(async (id) => {
    loaded.push(id);
    if (id === 'admin/AdminFrame') {
      return { default: ({ page, accountMenu }: { page: React.ReactNode; accountMenu: React.ReactNode }) => <div data-testid="admin-frame">{accountMenu}{page}</div> };
    }
    return { default: () => <p>remote {id}</p> };
  });
});
afterEach(() => jest.restoreAllMocks());

const renderAt = (path: string) => render(<MemoryRouter initialEntries={[path]}><Frame page={<p>the page</p>} /></MemoryRouter>);

test('the back office is every admin-guarded route of the table (no storefront page)', () => {
  const paths = adminPathsOf(shopRoutes);
  for (const path of ['/dashboard', '/orders', '/products', '/users', '/deleted-users']) expect(paths.has(path)).toBe(true);
  for (const path of ['/', '/shop', '/cart', '/my-account/orders', '/login', '/:slug']) expect(paths.has(path)).toBe(false);
});

test("an admin on an admin page gets the admin remote's frame, with the page and the shell's account menu; no storefront header, banner or footer", async () => {
  signIn({ name: 'Ada Admin', role: 'admin', isSuperAdmin: true, token: 't' });
  renderAt('/orders/');
  const frame = await screen.findByTestId('admin-frame');
  expect(frame).toHaveTextContent('the page');
  expect(screen.getByRole('button', { name: /Account: Ada Admin/ })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
  expect(loaded).toEqual(['admin/AdminFrame']);
});

test('the storefront (and an admin route for anyone else, whose guard sends them away) keeps the header, breadcrumb, footer and phone bar', async () => {
  const visitor = renderAt('/dashboard');
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('main')).toHaveTextContent('the page');
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
  visitor.unmount();
  signIn({ name: 'Ada Admin', role: 'admin', isSuperAdmin: true, token: 't' });
  renderAt('/shop');
  expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' }).length).toBeGreaterThan(0);
  expect(loaded).not.toContain('admin/AdminFrame');
});
