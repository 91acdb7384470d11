import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api, type Product } from '@shop/shared';
import { FILTERS, EUR, USD, httpError, ok, product } from '../test/fixtures';
import ShopPage from './ShopPage';

const manyProducts = (n: number, offset = 0): Product[] =>
  Array.from({ length: n }, (_, i) => product({ _id: `p${offset + i}`, slug: `piece-${offset + i}`, title: `Piece ${offset + i}`, tags: [] }));

let itemCount = 30;
let postSpy: jest.SpyInstance;
let location = '';

function LocationProbe() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}

function renderShop(url = '/shop') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/shop" element={<><ShopPage /><LocationProbe /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

const lastCall = () => {
  const [url, body] = postSpy.mock.calls[postSpy.mock.calls.length - 1];
  return { url: url as string, body: body as Record<string, unknown> };
};

beforeEach(() => {
  localStorage.clear();
  itemCount = 30;
  jest.spyOn(api, 'get').mockImplementation((url: string) => {
    if (url === '/currencies') return ok([USD, EUR]);
    if (url === '/filter') return ok(FILTERS);
    if (url.startsWith('/product/hBasePrice/')) return ok(480);
    return Promise.reject(httpError(404));
  });
  postSpy = jest.spyOn(api, 'post').mockImplementation((url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    const count = Math.max(0, Math.min(12, itemCount - (page - 1) * 12));
    return ok({ items: manyProducts(count, (page - 1) * 12), itemCount, page, limit: 12 });
  });
});

afterEach(() => jest.restoreAllMocks());

describe('ShopPage', () => {
  it('lists the products of the URL state in the selected currency, with the range text', async () => {
    renderShop('/shop?que=ring&sort=-basePrice');
    expect(await screen.findByText('Piece 0')).toBeInTheDocument();
    expect(lastCall()).toEqual({
      url: '/product/filter?limit=12&page=1&keyword=ring',
      body: { sortBy: '-basePrice', selectedCurr: USD._id, filterOptions: [], basePrice: {} },
    });
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getByText('Showing 1-12 of 30 results')).toBeInTheDocument();
    expect(screen.getAllByText('$100.00').length).toBeGreaterThan(0);
    expect(screen.getByText(/Results for/)).toHaveTextContent('Results for “ring”.');
  });

  it('sorts through the dropdown, writing the sort to the URL and starting at page 1', async () => {
    renderShop('/shop?page=2');
    await screen.findByText('Piece 12');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'basePrice' } });
    await waitFor(() => expect(lastCall().body.sortBy).toBe('basePrice'));
    expect(lastCall().url).toBe('/product/filter?limit=12&page=1');
    expect(location).toBe('/shop?sort=basePrice');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Default sorting', 'Title (A - Z)', 'Title (Z - A)', 'Price (Low - High)', 'Price (High - Low)', 'Top rated']);
  });

  it('filters by checkbox options, one group per filter', async () => {
    renderShop();
    await screen.findByText('Piece 0');
    const metal = screen.getByRole('group', { name: 'Metal' });
    fireEvent.click(within(metal).getByLabelText('Gold'));
    await waitFor(() => expect(lastCall().body.filterOptions).toEqual(['o-gold']));
    fireEvent.click(within(screen.getByRole('group', { name: 'Type' })).getByLabelText('Ring'));
    await waitFor(() => expect(lastCall().body.filterOptions).toEqual(['o-gold', 'o-ring']));
    expect(location).toBe('/shop?options=o-gold%2Co-ring');
    expect(within(metal).getByLabelText('Gold')).toBeChecked();
  });

  it('filters by a price range from the sidebar; the slider tops out at the highest price', async () => {
    renderShop();
    await screen.findByText('Piece 0');
    await waitFor(() => expect(screen.getByLabelText('Maximum price slider')).toHaveAttribute('max', '480'));
    fireEvent.change(screen.getByLabelText('Min'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Max'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(lastCall().body.basePrice).toEqual({ gte: 20, lte: 150 }));
    expect(location).toBe('/shop?min=20&max=150');
  });

  it('pages with Prev, numbers and Next', async () => {
    renderShop();
    await screen.findByText('Piece 0');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Piece 12')).toBeInTheDocument();
    expect(lastCall().url).toBe('/product/filter?limit=12&page=2');
    expect(screen.getByText('Showing 13-24 of 30 results')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Piece 24')).toBeInTheDocument();
    expect(screen.getByText('Showing 25-30 of 30 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('Piece 12')).toBeInTheDocument();
    expect(location).toBe('/shop?page=2');
  });

  it('says so when nothing matches', async () => {
    itemCount = 0;
    renderShop('/shop?que=unicorn');
    expect(await screen.findByText('No Product Found. Please Try Again.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('switches between grid and list display, kept in the URL', async () => {
    renderShop();
    await screen.findByText('Piece 0');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(location).toBe('/shop?view=list');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('View details').length).toBe(12);
  });

  it('offers Sort and Filter modals for small screens (tabs, Min/Max, Clear, Apply)', async () => {
    renderShop('/shop?options=o-silver');
    await screen.findByText('Piece 0');
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const sortDialog = screen.getByRole('dialog', { name: 'Sort' });
    expect(within(sortDialog).getByRole('button', { name: 'Default sorting' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(sortDialog).getByRole('button', { name: 'Title (Z - A)' }));
    await waitFor(() => expect(lastCall().body.sortBy).toBe('-title'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Filter (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Price', 'Metal', 'Type']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    fireEvent.change(within(dialog).getByLabelText('Min'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Max'), { target: { value: '2,000' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Metal' }));
    fireEvent.click(within(dialog).getByLabelText('Gold'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastCall().body).toMatchObject({ sortBy: '-title', filterOptions: ['o-gold'], basePrice: { gte: 5, lte: 2000 } }));
    expect(location).toBe('/shop?sort=-title&options=o-gold&min=5&max=2000');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("lists only the pieces in stock with 'In stock only', kept in the URL; a card of a sold-out piece says so", async () => {
    postSpy.mockImplementation((_url: string, body: { available?: boolean }) =>
      ok({ items: body.available ? [product({ _id: 'a', title: 'Kept Ring' })] : [product({ _id: 'a', title: 'Kept Ring' }), product({ _id: 'b', slug: 'gone', title: 'Gone Ring', available: false })], itemCount: 2, page: 1, limit: 12 }),
    );
    renderShop('/shop?page=2');
    const gone = (await screen.findByText('Gone Ring')).closest('article')!;
    expect(within(gone).getByText('Out of stock')).toBeInTheDocument();
    expect(within(screen.getByText('Kept Ring').closest('article')!).queryByText('Out of stock')).not.toBeInTheDocument();
    expect(lastCall().body).not.toHaveProperty('available');

    fireEvent.click(within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() => expect(lastCall().body).toMatchObject({ available: true }));
    expect(lastCall().url).toBe('/product/filter?limit=12&page=1');
    expect(location).toBe('/shop?available=1');
    await waitFor(() => expect(screen.queryByText('Gone Ring')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
  });

  it("has 'In stock only' in the small screens' Filter modal too; Clear and Apply take it off", async () => {
    renderShop('/shop?available=1');
    await screen.findByText('Piece 0');
    expect(lastCall().body).toMatchObject({ available: true });
    fireEvent.click(screen.getByRole('button', { name: 'Filter (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location).toBe('/shop'));
    await waitFor(() => expect(lastCall().body).not.toHaveProperty('available'));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Filter' })).getByRole('checkbox', { name: 'In stock only' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Filter' })).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastCall().body).toMatchObject({ available: true }));
    expect(location).toBe('/shop?available=1');
  });

  it("lists only the pieces on sale with 'On sale' (issue 20: the home's ring banner), in the sidebar and the Filter modal", async () => {
    renderShop('/shop?que=ring&sale=1');
    await screen.findByText('Piece 0');
    expect(lastCall().body).toMatchObject({ onSale: true, sortBy: 'relevance' });
    const sidebar = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(sidebar.getByRole('checkbox', { name: 'On sale' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Filter (1)' }));
    expect(within(screen.getByRole('dialog', { name: 'Filter' })).getByRole('checkbox', { name: 'On sale' })).toBeChecked();
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Filter' })).getByRole('button', { name: 'Close' }));
    fireEvent.click(sidebar.getByRole('checkbox', { name: 'On sale' }));
    await waitFor(() => expect(lastCall().body).not.toHaveProperty('onSale'));
    expect(location).toBe('/shop?que=ring');
  });

  it('follows a new keyword from the URL (the header search)', async () => {
    const { unmount } = renderShop('/shop?que=gold');
    await screen.findByText('Piece 0');
    expect(lastCall().url).toContain('keyword=gold');
    expect(screen.getByLabelText('Search in shop')).toHaveValue('gold');
    fireEvent.change(screen.getByLabelText('Search in shop'), { target: { value: 'silver hoops' } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Search in shop').closest('form')!);
    });
    await waitFor(() => expect(lastCall().url).toBe('/product/filter?limit=12&page=1&keyword=silver+hoops'));
    expect(location).toBe('/shop?que=silver+hoops');
    unmount();
  });
});
