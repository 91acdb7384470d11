import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Breadcrumb } from './Breadcrumb';

const trailAt = (path: string) => render(<MemoryRouter initialEntries={[path]}><Breadcrumb /></MemoryRouter>);

test('SPEC §2 in English: the last segment, dashes as spaces, after Home', () => {
  const { container } = trailAt('/my-account/orders');
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'my account', 'orders']);
  expect(container.querySelector('p')).toHaveTextContent('orders');
});

test('on a French page the band names the pages in French (issue 37)', () => {
  const { container, unmount } = trailAt('/fr/my-account/orders');
  const trail = screen.getByRole('navigation', { name: /^Fil d/ });
  expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Accueil', 'Mon compte', 'Commandes']);
  expect(within(trail).getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/fr/');
  expect(container.querySelector('p')).toHaveTextContent('Commandes');
  unmount();
  trailAt('/fr/shop');
  expect(screen.getByText('Boutique', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByText('Boutique', { selector: '[aria-current="page"]' })).toBeInTheDocument();
});

test('a product slug on a French page: its words, the first capitalized as French writes a title', () => {
  trailAt('/fr/emerald-cut-halo-pendant');
  expect(screen.getByText('Emerald cut halo pendant', { selector: '[aria-current="page"]' })).toBeInTheDocument();
});

test("a guest order link's token (issue 40) is never shown: the trail ends at the page", () => {
  const token = 'T7V_TR4lWkKfQTcfEmIev5cikd509K71pFJgJB-7Wg0';
  const { container } = trailAt(`/order-status/${token}`);
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'order status']);
  expect(container.textContent).not.toContain(token);
});

test("a policy page's band says its name as its heading does: 'Shipping & Returns', not 'Shipping Returns' (issue 38)", () => {
  const { container, unmount } = trailAt('/pages/shipping-returns');
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'pages', 'Shipping & Returns']);
  expect(container.querySelector('p')).toHaveTextContent('Shipping & Returns');
  unmount();
  // The other pages keep SPEC §2's default title.
  trailAt('/pages/secure-shopping');
  expect(screen.getByText('secure shopping', { selector: 'p' })).toBeInTheDocument();
});

test('the same page in French is named in French', () => {
  const { container } = trailAt('/fr/pages/shipping-returns');
  expect(container.querySelector('p')).toHaveTextContent('Livraison et retours');
});
