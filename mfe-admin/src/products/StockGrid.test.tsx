import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Product } from '@shop/shared';
import ProductsPage from './ProductsPage';
import { parseQuantity, stockRows } from './StockGrid';
import { fail, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const option = (_id: string, name: string, on = true) => ({ _id, name, isActive: true, inStock: on, incRate: [{ currType: 'usd', amount: 0 }] });
const ring: Product = {
  _id: 'p1', slug: 'ring', title: 'Halo Ring', description: '', features: [], imageUrls: ['uploads/a.png'], basePrice: [{ currType: 'usd', amount: 900 }],
  tags: [], isNew: false, discounts: [], filterOptions: [],
  variants: [
    { _id: 'v1', type: 'Metal', options: [option('rg', 'Rose Gold'), option('yg', 'Yellow Gold')] },
    { _id: 'v2', type: 'Size', options: [option('s7', '7'), option('s8', '8', false)] },
  ],
  trackInventory: true, available: true, lowStockThreshold: 3,
  stock: [{ options: ['rg', 's7'], quantity: 5 }, { options: ['yg', 's7'], quantity: 2 }],
};
const list = (items: Product[]) => ({ items, itemCount: items.length, page: 1, limit: 12 });
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

beforeEach(() => setCurrencies([USD]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

async function openStock(product: Product) {
  jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': list([product]) }));
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ [`/product/${product._id}`]: product, '/filter': [], '/discounts': [] }));
  renderAdmin(<ProductsPage />);
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${product.title}` }));
  const dialog = await screen.findByRole('dialog', { name: `Edit ${product.title}` });
  await userEvent.click(within(dialog).getByRole('tab', { name: 'variants' }));
  return within(dialog).getByRole('form', { name: 'Stock' });
}

describe('StockGrid', () => {
  it('lists one row per combination in variant order, with the stored quantities, badges and total', async () => {
    const grid = within(await openStock(ring));
    expect(grid.getByRole('switch', { name: 'Track inventory' })).toBeChecked();
    const rows = grid.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Rose Gold / 7', 'Rose Gold / 8Option off', 'Yellow Gold / 7Low', 'Yellow Gold / 8Option off',
    ]);
    expect(grid.getByLabelText('Quantity of Rose Gold / 7')).toHaveValue(5);
    expect(grid.getByLabelText('Quantity of Yellow Gold / 7')).toHaveValue(2);
    expect(grid.getByLabelText('Quantity of Rose Gold / 8')).toHaveValue(null);
    expect(grid.getByTestId('stock-total')).toHaveTextContent('7');
    await userEvent.type(grid.getByLabelText('Quantity of Rose Gold / 8'), '10');
    expect(grid.getByTestId('stock-total')).toHaveTextContent('17');
    await userEvent.clear(grid.getByLabelText('Quantity of Rose Gold / 7'));
    await userEvent.type(grid.getByLabelText('Quantity of Rose Gold / 7'), '0');
    expect(grid.getByRole('cell', { name: 'Rose Gold / 7 Out of stock' })).toBeInTheDocument();
  });

  it('saves every combination with PUT …/stock (Enter or Update Stock); the answer replaces the grid and the row', async () => {
    const saved: Product = { ...ring, trackInventory: false, stock: [{ options: ['rg', 's7'], quantity: 4 }, { options: ['rg', 's8'], quantity: 0 }, { options: ['yg', 's7'], quantity: 12 }, { options: ['yg', 's8'], quantity: 1 }] };
    const grid = within(await openStock(ring));
    const put = jest.spyOn(api, 'put').mockImplementation(routeCalls({ '/product/p1/stock': saved }));
    await userEvent.click(grid.getByRole('switch', { name: 'Track inventory' }));
    expect(grid.getByText(/Not tracked: unlimited/)).toBeInTheDocument();
    const rg7 = grid.getByLabelText('Quantity of Rose Gold / 7');
    await userEvent.clear(rg7);
    await userEvent.type(rg7, '4');
    await userEvent.type(grid.getByLabelText('Quantity of Yellow Gold / 8'), '1');
    await userEvent.type(grid.getByLabelText('Quantity of Yellow Gold / 7'), '{backspace}12{Enter}');
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/product/p1/stock', {
      trackInventory: false,
      stock: [
        { options: ['rg', 's7'], quantity: 4 },
        { options: ['rg', 's8'], quantity: 0 },
        { options: ['yg', 's7'], quantity: 12 },
        { options: ['yg', 's8'], quantity: 1 },
      ],
    });
    expect(await screen.findByText('Stock Updated Successfully!')).toBeInTheDocument();
    // The list's row took the answer: not tracked now.
    expect(screen.getByRole('table', { name: 'Products' })).toHaveTextContent('Not tracked');
    await userEvent.click(grid.getByRole('button', { name: 'Update Stock' }));
    expect(put).toHaveBeenCalledTimes(2);
  });

  it("refuses a quantity that is not a whole number from 0 to 1,000,000 before sending; shows a 400's message", async () => {
    const grid = within(await openStock(ring));
    const put = jest.spyOn(api, 'put').mockImplementation(() => fail(400, 'Unknown or incomplete combination: [rg]; send one option of each variant'));
    const rg8 = grid.getByLabelText('Quantity of Rose Gold / 8');
    await userEvent.type(rg8, '1000001');
    expect(rg8).toHaveAttribute('aria-invalid', 'true');
    expect(grid.getByRole('alert')).toHaveTextContent('Quantity of Rose Gold / 8 must be a whole number from 0 to 1,000,000.');
    await userEvent.click(grid.getByRole('button', { name: 'Update Stock' }));
    expect(put).not.toHaveBeenCalled();
    expect(await screen.findAllByText('Quantity of Rose Gold / 8 must be a whole number from 0 to 1,000,000')).not.toHaveLength(0);

    await userEvent.clear(rg8);
    await userEvent.type(rg8, '1000000');
    expect(grid.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(grid.getByRole('button', { name: 'Update Stock' }));
    expect(put).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Unknown or incomplete combination: [rg]; send one option of each variant')).toBeInTheDocument();
    // Nothing saved: what was typed stays.
    expect(rg8).toHaveValue(1000000);
  });

  it('follows the variants being edited: a new option adds its combinations, typed quantities stay', async () => {
    const withNine: Product = { ...ring, stock: undefined, variants: [ring.variants[0], { ...ring.variants[1], options: [...ring.variants[1].options, option('s9', '9')] }] };
    const dialog = (await openStock(ring)).closest('[role="dialog"]') as HTMLElement;
    const grid = () => within(within(dialog).getByRole('form', { name: 'Stock' }));
    await userEvent.type(grid().getByLabelText('Quantity of Rose Gold / 8'), '6');
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/variant-option/v2': withNine }));
    const size = within(dialog).getByRole('region', { name: 'Variant Size' });
    await userEvent.click(within(size).getByRole('button', { name: 'Add option to Size' }));
    await userEvent.type(within(size).getByLabelText('Option name'), '9');
    await userEvent.click(within(size).getByRole('button', { name: 'Add Option' }));
    expect(await grid().findByLabelText('Quantity of Yellow Gold / 9')).toHaveValue(null);
    expect(grid().getAllByRole('row')).toHaveLength(1 + 6);
    expect(grid().getByLabelText('Quantity of Rose Gold / 8')).toHaveValue(6);
    expect(grid().getByLabelText('Quantity of Rose Gold / 7')).toHaveValue(5);
  });

  it('names the only row by the product when it has no variants', async () => {
    const plain: Product = { ...ring, variants: [], trackInventory: false, stock: [] };
    const grid = within(await openStock(plain));
    expect(grid.getByRole('switch', { name: 'Track inventory' })).not.toBeChecked();
    expect(grid.getByLabelText('Quantity of Halo Ring')).toBeInTheDocument();
    const put = jest.spyOn(api, 'put').mockImplementation(() => ok(plain));
    await userEvent.type(grid.getByLabelText('Quantity of Halo Ring'), '1{Enter}');
    expect(put).toHaveBeenCalledWith('/product/p1/stock', { trackInventory: false, stock: [{ options: [], quantity: 1 }] });
  });

  it("add modal: the stock typed for the drafts is set on the created product's option ids after it is created", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const created: Product = { ...ring, _id: 'p9', title: 'Band', variants: [{ _id: 'v9', type: 'Size', options: [option('o6', '6'), option('o7', '7')] }], trackInventory: false, stock: undefined };
    const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': list([]), '/product': () => ok(created, 201) }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [], '/discounts': [] }));
    const put = jest.spyOn(api, 'put').mockImplementation(routeCalls({ '/product/p9/stock': { ...created, trackInventory: true } }));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Product' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'Band');
    await userEvent.click(dialog.getByRole('tab', { name: 'variants' }));
    expect(dialog.getByLabelText('Quantity of Band')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Variant name'), 'Size');
    for (const name of ['6', '7']) {
      await userEvent.type(dialog.getByLabelText('Option name'), name);
      await userEvent.click(dialog.getByRole('button', { name: 'Add Option' }));
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Add Variant' }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Track inventory' }));
    await userEvent.type(dialog.getByLabelText('Quantity of 7'), '-1');
    await userEvent.click(dialog.getByRole('tab', { name: 'images' }));
    await userEvent.upload(dialog.getByLabelText('Upload images'), [png('a.png')]);
    await userEvent.click(dialog.getByRole('tab', { name: 'Discounts' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    // A bad quantity: back to the grid, nothing sent.
    expect(dialog.getByRole('tab', { name: 'variants' })).toHaveAttribute('aria-selected', 'true');
    expect(post).not.toHaveBeenCalledWith('/product', expect.anything(), expect.anything());
    await userEvent.clear(dialog.getByLabelText('Quantity of 7'));
    await userEvent.type(dialog.getByLabelText('Quantity of 7'), '2');
    await userEvent.click(dialog.getByRole('tab', { name: 'Discounts' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/product/p9/stock', { trackInventory: true, stock: [{ options: ['o6'], quantity: 0 }, { options: ['o7'], quantity: 2 }] }));
    expect(await screen.findByText('Stock Updated Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('add modal: the defaults (not tracked, no quantity) send no stock call', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': list([]), '/product': () => ok({ ...ring, _id: 'p9' }, 201) }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [], '/discounts': [] }));
    const put = jest.spyOn(api, 'put');
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Product' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'Band');
    await userEvent.click(dialog.getByRole('tab', { name: 'images' }));
    await userEvent.upload(dialog.getByLabelText('Upload images'), [png('a.png')]);
    await userEvent.click(dialog.getByRole('tab', { name: 'Discounts' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Product Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(put).not.toHaveBeenCalled();
  });

  it('parses quantities and lists at most what is stored past 1,000 combinations', () => {
    expect([parseQuantity(''), parseQuantity(' 7 '), parseQuantity('1000000'), parseQuantity('1000001'), parseQuantity('2.5'), parseQuantity('-1')]).toEqual([0, 7, 1_000_000, null, null, null]);
    const big = Array.from({ length: 4 }, (_, v) => ({ _id: `v${v}`, type: `T${v}`, options: Array.from({ length: 5 }, (_, o) => ({ _id: `v${v}o${o}`, name: `${o}`, isActive: true, inStock: true })) }));
    expect(stockRows(big, 'X').rows).toHaveLength(625);
    const huge = [...big, { _id: 'v9', type: 'T9', options: big[0].options.map((o) => ({ ...o, _id: `x${o._id}` })) }];
    const { rows, tooMany } = stockRows(huge, 'X', [{ options: ['v0o1', 'v1o0', 'v2o0', 'v3o0', 'xv0o0'], quantity: 3 }]);
    expect(tooMany).toBe(true);
    expect(rows.map((r) => r.label)).toEqual(['1 / 0 / 0 / 0 / 0']);
  });
});
