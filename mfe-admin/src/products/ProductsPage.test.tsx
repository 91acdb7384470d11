import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Product } from '@shop/shared';
import ProductsPage from './ProductsPage';
import { EUR, fail, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const ring: Product = {
  _id: 'p1', slug: 'ring', title: 'Gold Ring', description: 'Nice', features: [], imageUrls: ['uploads/a.png', 'uploads/b.png'],
  basePrice: [{ currType: 'usd', amount: 1200 }, { currType: 'eur', amount: 1100 }], tags: ['new'], isNew: true, discounts: [], filterOptions: ['o1'],
  variants: [{ _id: 'v1', type: 'Size', options: [{ _id: 'vo1', name: 'Small', isActive: true, inStock: true, incRate: [{ currType: 'usd', amount: 0 }] }] }],
  trackInventory: false, available: true,
};
const answer = (items: Product[], itemCount = items.length) => ({ items, itemCount, page: 1, limit: 12 });

beforeEach(() => setCurrencies([USD, EUR]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

describe('ProductsPage', () => {
  it('lists products with the base price in the selected currency, pages by 12 and searches', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(answer([ring], 30)));
    renderAdmin(<ProductsPage />);
    expect(await screen.findByRole('cell', { name: 'Gold Ring' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '$1,200.00' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, status: 'all' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/product/filter?keyword=&limit=12&page=3', { selectedCurr: 'usd', withStock: true, status: 'all' }));
    await userEvent.type(screen.getByPlaceholderText('Search products…'), 'ring');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/product/filter?keyword=ring&limit=12&page=1', { selectedCurr: 'usd', withStock: true, status: 'all' }));
  });

  it('shows the empty message and the fetch error toast', async () => {
    jest.spyOn(api, 'post').mockImplementation(() => ok(answer([])));
    renderAdmin(<ProductsPage />);
    expect(await screen.findByText('No Products available yet.')).toBeInTheDocument();
    jest.spyOn(api, 'post').mockImplementation(() => fail());
    renderAdmin(<ProductsPage />);
    expect(await screen.findByText('Failed to Fetch Product')).toBeInTheDocument();
  });

  it('deleting refetches the list', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(answer([ring])));
    jest.spyOn(api, 'delete').mockImplementation(() => ok({}));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Gold Ring' }));
    post.mockImplementation(() => ok(answer([])));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete product' })).getByRole('button', { name: 'Delete' }));
    expect(api.delete).toHaveBeenCalledWith('/product/p1');
    expect(await screen.findByText('Product Deleted Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No Products available yet.')).toBeInTheDocument();
  });

  it("prices never go out as a made-up 0: a blank base price is left out, an option's missing increase shows 'Not Available' until one is typed", async () => {
    const gold = { _id: 'vo2', name: 'Gold', isActive: true, inStock: true, incRate: [{ currType: 'usd', amount: 40 }] };
    const priced: Product = { ...ring, variants: [{ _id: 'v1', type: 'Metal', options: [gold] }] };
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([priced]) }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': priced, '/filter': [], '/discounts': [] }));
    const put = jest.spyOn(api, 'put').mockImplementation(routeCalls({ '/product/p1': priced, '/product/variant-option/vo2': priced }));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gold Ring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Ring' });
    await userEvent.clear(within(dialog).getByLabelText('Base price in EUR'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(put).toHaveBeenCalledWith('/product/p1', expect.objectContaining({ basePrice: [{ currType: 'usd', amount: 1200 }] }));

    await userEvent.click(within(dialog).getByRole('tab', { name: 'variants' }));
    expect(within(dialog).getByRole('cell', { name: '+$40.00 · € Not Available' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit option Gold' }));
    const edit = within(dialog).getByRole('group', { name: 'Edit option Gold' });
    expect(within(edit).getByRole('button', { name: 'Update' })).toBeDisabled();
    // 0 is a price (no surcharge in euros), unlike the blank it replaces: Update can save it.
    await userEvent.type(within(edit).getByLabelText('Price increase in EUR'), '0');
    await userEvent.click(within(edit).getByRole('button', { name: 'Update' }));
    expect(put).toHaveBeenCalledWith('/product/variant-option/vo2', { name: 'Gold', isActive: true, inStock: true, incRate: [{ currType: 'usd', amount: 40 }, { currType: 'eur', amount: 0 }] });
  });

  it('edit modal: each tab saves through its own call; the answer replaces the row', async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([ring]), '/product/p1/variants': { ...ring, variants: [...ring.variants, { _id: 'v2', type: 'Metal', options: [] }] } }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': ring, '/filter': [{ _id: 'f1', name: 'Metal', filterOptions: [{ _id: 'o1', name: 'Gold' }, { _id: 'o2', name: 'Silver' }] }], '/discounts': [] }));
    const put = jest.spyOn(api, 'put').mockImplementation(routeCalls({
      '/product/p1': (_: string, body: unknown) => ({ ...ring, title: (body as { title: string }).title }),
      '/product/p1/filterOptions': { ...ring, filterOptions: ['o1', 'o2'] },
      '/product/variant-option/vo1': ring,
    }));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gold Ring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Ring' });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(await within(dialog).findByText('Please enter a valid title')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await userEvent.type(title, 'Rose Ring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(put).toHaveBeenCalledWith('/product/p1', expect.objectContaining({ title: 'Rose Ring', basePrice: [{ currType: 'usd', amount: 1200 }, { currType: 'eur', amount: 1100 }] }));
    expect(await screen.findByText('Product Details Updated Successfully!')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Rose Ring' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'filter options' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Silver' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Filter Options' }));
    expect(put).toHaveBeenCalledWith('/product/p1/filterOptions', { filterOptionIds: ['o1', 'o2'] });
    expect(await screen.findByText('Filter Options Updated Successfully!')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'variants' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit option Small' }));
    const edit = within(dialog).getByRole('group', { name: 'Edit option Small' });
    expect(within(edit).getByRole('button', { name: 'Update' })).toBeDisabled();
    await userEvent.click(within(edit).getByRole('checkbox', { name: 'In stock' }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Update' }));
    // The blank euro increase is left out, never made 0; Small adds nothing anywhere, so nothing in euros either.
    expect(put).toHaveBeenCalledWith('/product/variant-option/vo1', { name: 'Small', isActive: true, inStock: false, incRate: [{ currType: 'usd', amount: 0 }] });
    expect(await screen.findByText('Variant Option Updated Successfully!')).toBeInTheDocument();

    const newVariant = within(dialog).getByRole('region', { name: 'New variant' });
    const addVariant = within(newVariant).getByRole('button', { name: 'Add Variant' });
    await userEvent.type(within(newVariant).getByLabelText('Variant name'), 'Metal');
    expect(addVariant).toBeDisabled();
    expect(within(newVariant).getByRole('button', { name: 'Add Option' })).toBeDisabled();
    await userEvent.type(within(newVariant).getByLabelText('Option name'), 'Gold');
    await userEvent.click(within(newVariant).getByRole('button', { name: 'Add Option' }));
    expect(addVariant).toBeEnabled();
    await userEvent.click(addVariant);
    expect(api.post).toHaveBeenCalledWith('/product/p1/variants', { type: 'Metal', options: [{ name: 'Gold', isActive: true, inStock: true, incRate: [] }] });
    expect(await screen.findByText('Variant Added Successfully!')).toBeInTheDocument();
  }, 30000);
  it('shows stock per row (total, Low, Out of stock, ∞ when not tracked), filters and sorts by it from page 1', async () => {
    const tracked = (id: string, title: string, quantities: number[], available = true): Product => ({
      ...ring, _id: id, title, trackInventory: true, available, lowStockThreshold: 3, stock: quantities.map((quantity, i) => ({ options: [`o${i}`], quantity })),
    });
    const rows = [tracked('p1', 'Plenty', [10, 20]), tracked('p2', 'Last Ones', [9, 2]), tracked('p3', 'Sold Out', [0, 0], false), { ...ring, _id: 'p4', title: 'Always' }];
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(answer(rows, 30)));
    renderAdmin(<ProductsPage />);
    const stockOf = async (title: string) => within((await screen.findByRole('cell', { name: title })).closest('tr')!).getAllByRole('cell')[6].textContent;
    expect(await stockOf('Plenty')).toBe('30');
    expect(await stockOf('Last Ones')).toBe('11Low');
    expect(await stockOf('Sold Out')).toBe('0Out of stock');
    expect(await stockOf('Always')).toBe('∞ Not tracked ');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=2', { selectedCurr: 'usd', withStock: true, status: 'all' }));
    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'Low');
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, stock: 'low', status: 'all' }));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Stock, highest first');
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, stock: 'low', sortBy: '-stock', status: 'all' }));
    expect(screen.getByRole('option', { name: 'Out of stock' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Stock, lowest first' })).toHaveValue('stock');
  });

  it('opens the edit of the product named in the address (the dashboard links there) and drops it on close', async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([ring]) }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': ring, '/filter': [], '/discounts': [] }));
    renderAdmin(<ProductsPage />, { path: '/products?edit=p1' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Ring' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gold Ring' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Gold Ring' })).toBeInTheDocument();
  });
});

describe('ProductsPage: drafts, sorting and bulk actions (issue 19)', () => {
  const draft: Product = { ...ring, _id: 'p2', title: 'Moon Pendant', published: false, imageUrls: [] };
  const live: Product = { ...ring, published: true };
  const sale = { _id: 'd1', title: 'Spring Sale', discountType: 'percentage', timeLimit: '2099-01-01T00:00:00.000Z', value: [] };

  it('shows each row with its thumbnail and status, and publishes or unpublishes one in one call', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([live, draft]), '/product/bulk': { action: 'publish', count: 1 } }));
    renderAdmin(<ProductsPage />);
    const row = (await screen.findByRole('cell', { name: 'Moon Pendant' })).closest('tr')!;
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(screen.getByRole('cell', { name: 'Gold Ring' }).closest('tr')!).getByText('Published')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Gold Ring' }).closest('tr')!.querySelector('img')!.getAttribute('src')).toContain('uploads/a.png');
    await userEvent.click(within(row).getByRole('button', { name: 'Publish Moon Pendant' }));
    expect(post).toHaveBeenCalledWith('/product/bulk', { ids: ['p2'], action: 'publish' });
    expect(await screen.findByText('1 product published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish Gold Ring' })).toBeInTheDocument();
  });

  it('sorts by a column header on the server, from page 1, and says so (aria-sort); filters by status', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(answer([live, draft], 30)));
    renderAdmin(<ProductsPage />);
    await screen.findByRole('cell', { name: 'Gold Ring' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Base Price' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, sortBy: 'basePrice', status: 'all' }));
    expect(screen.getByRole('columnheader', { name: /Base Price/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Base Price, descending' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, sortBy: '-basePrice', status: 'all' }));
    expect(screen.getByRole('columnheader', { name: /Base Price/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Product Name' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, sortBy: 'title', status: 'all' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Drafts');
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=12&page=1', { selectedCurr: 'usd', withStock: true, sortBy: 'title', status: 'draft' }));
  });

  it('the header box selects the page; each bulk action is one call with a toast of the count; delete asks first', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(
      routeCalls({ '/product/filter': answer([live, draft]), '/product/bulk': (_url: string, body?: unknown) => ({ action: (body as { action: string }).action, count: 2 }) }),
    );
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/discounts': [sale] }));
    renderAdmin(<ProductsPage />);
    await screen.findByRole('cell', { name: 'Gold Ring' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all products on this page' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Moon Pendant' }));
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(all);
    expect(all).toBeChecked();
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 products selected')).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Unpublish' }));
    expect(post).toHaveBeenCalledWith('/product/bulk', { ids: ['p1', 'p2'], action: 'unpublish' });
    expect(await screen.findByText('2 products unpublished')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    const again = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(again).getByRole('button', { name: 'Add discount' })).toBeDisabled();
    await userEvent.selectOptions(await within(again).findByLabelText('Discount'), 'Spring Sale');
    await userEvent.click(within(again).getByRole('button', { name: 'Add discount' }));
    expect(post).toHaveBeenCalledWith('/product/bulk', { ids: ['p1', 'p2'], action: 'addDiscount', discountId: 'd1' });
    expect(await screen.findByText('2 products given the discount')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete products' });
    expect(confirm).toHaveTextContent('Delete 2 products? They disappear from the shop.');
    expect(post).not.toHaveBeenCalledWith('/product/bulk', expect.objectContaining({ action: 'delete' }));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(post).toHaveBeenCalledWith('/product/bulk', { ids: ['p1', 'p2'], action: 'delete' });
    expect(await screen.findByText('2 products deleted')).toBeInTheDocument();
  });

  it('the edit modal shows the status and publishes a draft in one call, the row following', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([draft]), '/product/bulk': { action: 'publish', count: 1 } }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p2': draft, '/filter': [], '/discounts': [] }));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Moon Pendant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Moon Pendant' });
    expect(within(dialog).getByText('Draft')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(post).toHaveBeenCalledWith('/product/bulk', { ids: ['p2'], action: 'publish' });
    expect(await screen.findByText('Product Published Successfully!')).toBeInTheDocument();
    expect(within(dialog).getByText('Published')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish Moon Pendant' })).toBeInTheDocument();
  });

  it("a refused bulk action says the server's reason", async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([live]), '/product/bulk': () => fail(400, 'Unknown products: p1') }));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unpublish Gold Ring' }));
    expect(await screen.findByText('Unknown products: p1')).toBeInTheDocument();
  });

  // Issue 38 (18): the list's filters live in the address like the orders'.
  it('reads its filters from the address and writes each change there (a link or a reload shows the same list)', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(answer([ring], 30)));
    renderAdmin(<ProductsPage />, { path: '/products?status=draft&stock=low&sort=-basePrice&keyword=ring&page=2' });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/product/filter?keyword=ring&limit=12&page=2', { selectedCurr: 'usd', withStock: true, stock: 'low', sortBy: '-basePrice', status: 'draft' }),
    );
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(screen.getByLabelText('Stock')).toHaveValue('low');
    expect(screen.getByLabelText('Sort by')).toHaveValue('-basePrice');
    expect(screen.getByPlaceholderText('Search products…')).toHaveValue('ring');
    // A filter changed starts again from page 1, the others kept.
    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'out');
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=ring&limit=12&page=1', { selectedCurr: 'usd', withStock: true, stock: 'out', sortBy: '-basePrice', status: 'draft' }),
    );
  });

  it("offers Preview on a draft's row: a signed link from the server, opened in a new tab", async () => {
    const draft = { ...ring, _id: 'p2', title: 'Draft Ring', published: false };
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': answer([ring, draft]), '/product/p2/preview-link': { url: '/ring?preview=signed', expiresAt: '2030-01-01T00:00:00.000Z' } }));
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    renderAdmin(<ProductsPage />);
    await screen.findByRole('cell', { name: 'Draft Ring' });
    expect(screen.queryByRole('button', { name: 'Preview Gold Ring' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview Draft Ring' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/ring?preview=signed'));
    expect(tab.opener).toBeNull();
  });
});
