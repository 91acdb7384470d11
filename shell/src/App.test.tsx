import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api, setRemoteLoader, signIn, signOut, shopStore, currenciesAtom } from '@shop/shared';
import { Header } from './header/Header';
import { ShopRoutes } from './routing/ShopRoutes';
import { Footer } from './footer/Footer';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, ui = <ShopRoutes />) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      {ui}
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  signOut();
  shopStore.set(currenciesAtom, []);
  jest.spyOn(api, 'get').mockResolvedValue({ data: [] });
  setRemoteLoader(async (id) => ({ default: () => <p>remote {id}</p> }));
});
afterEach(() => jest.restoreAllMocks());

describe('shell', () => {
  it('maps routes to remote modules, with the product page as the single-segment catch-all', async () => {
    renderAt('/shop');
    expect(await screen.findByText('remote catalog/ShopPage')).toBeInTheDocument();
    renderAt('/gold-hoop-earrings');
    expect(await screen.findByText('remote catalog/ProductPage')).toBeInTheDocument();
  });

  it('shows the 404 page for unknown deeper routes', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('Opps! This page Could Not Be Found!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to homepage/i })).toHaveAttribute('href', '/');
  });

  it('contains a remote that fails, and loads it again on Retry', async () => {
    let fail = true;
    setRemoteLoader(async (id) => {
      if (fail && id === 'catalog/ShopPage') throw new Error('offline');
      return { default: () => <p>remote {id}</p> };
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/shop');
    expect(await screen.findByText('This part of the shop is unavailable right now.')).toBeInTheDocument();
    // The header's mini cart (another remote) still renders.
    expect(screen.getByText('remote checkout/MiniCart')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote catalog/ShopPage')).toBeInTheDocument();
  });

  it('submits the search keyword to /shop as que, pre-filled from the URL', async () => {
    renderAt('/shop?que=ring');
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('ring');
    fireEvent.change(box, { target: { value: 'gold hoop' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('where')).toHaveTextContent('/shop?que=gold%20hoop');
  });

  it('shows the currency switcher only with more than one currency', async () => {
    renderAt('/about');
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    act(() => shopStore.set(currenciesAtom, [
      { _id: 'usd', name: 'US Dollar', code: 'USD', symbol: '$' },
      { _id: 'eur', name: 'Euro', code: 'EUR', symbol: '€' },
    ]));
    const select = await screen.findByRole('combobox', { name: 'Currency' });
    expect(select).toHaveValue('usd');
  });

  it('logs out from the account menu (the server ends the session first) and goes to /login', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: '', status: 204 });
    signIn({ name: 'Ada Admin', role: 'admin', isSuperAdmin: true, token: 't' });
    renderAt('/about');
    fireEvent.click(screen.getByRole('button', { name: /Ada Admin/ }));
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(shopStore.get((await import('@shop/shared')).sessionAtom).auth).toBe(false);
    expect(post).toHaveBeenCalledWith('/user/logout');
  });

  it("has the footer groups and tagline, and the owner's links and accounts (issue 38, 17), none of them empty", async () => {
    const footer = {
      customer: [{ label: 'Shipping & Returns', url: '/pages/shipping-returns' }, { label: 'Secure Shopping', url: '/pages/secure-shopping' }],
      information: [{ label: 'Privacy Policy', url: '/privacy-policy' }, { label: 'Customer Service', url: '/contact' }],
      social: [{ network: 'instagram', url: 'https://www.instagram.com/aurelia' }],
    };
    jest.spyOn(api, 'get').mockImplementation(async (url: string) => ({ data: url === '/content' ? { slides: [], banners: [], footer } : [], status: 200 }) as never);
    render(<MemoryRouter><Footer /></MemoryRouter>);
    expect(screen.getByText('We help you sell anything. The best choice for your next personal')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Shipping & Returns' })).toHaveAttribute('href', '/pages/shipping-returns');
    for (const [label, href] of [['Secure Shopping', '/pages/secure-shopping'], ['Privacy Policy', '/privacy-policy'], ['Customer Service', '/contact'], ['Instagram', 'https://www.instagram.com/aurelia']]) {
      expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    for (const title of ['Customer', 'Information']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByLabelText('Facebook')).toBeNull();
    expect(screen.queryByLabelText('Pinterest')).toBeNull();
  });
});

it('keeps Routes importable in isolation', () => {
  expect(() => render(<MemoryRouter><Routes><Route path="/" element={<p>x</p>} /></Routes></MemoryRouter>)).not.toThrow();
});
