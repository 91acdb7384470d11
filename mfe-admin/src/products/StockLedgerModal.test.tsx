import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Product, type StockMovement } from '@shop/shared';
import ProductsPage from './ProductsPage';
import { fail, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const ring = {
  _id: 'p1', slug: 'ring', title: 'Halo Ring', description: '', features: [], imageUrls: [], basePrice: [], tags: [], isNew: false, discounts: [], filterOptions: [],
  variants: [], trackInventory: true, available: true, stock: [{ options: [], quantity: 4 }],
} satisfies Product;
const movement = (over: Partial<StockMovement>): StockMovement => ({
  _id: 'm1', options: ['rg', 's7'], combination: 'Rose Gold / 7', delta: -1, reason: 'order', orderId: 'o1', orderNumber: 'AJ-100042', admin: null,
  createdAt: '2026-03-04T10:15:00.000Z', ...over,
});
const movements = [
  movement({}),
  movement({ _id: 'm2', delta: 5, reason: 'adjustment', orderId: null, orderNumber: null, admin: { _id: 'a1', fullName: 'Ada Admin' } }),
  movement({ _id: 'm3', delta: 1, reason: 'cancelled', options: [], combination: '', orderNumber: 'AJ-100041' }),
];

beforeEach(() => setCurrencies([USD]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

async function openHistory(ledger: unknown) {
  jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': { items: [ring], itemCount: 1, page: 1, limit: 12 } }));
  const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1/stock/ledger': ledger }));
  renderAdmin(<ProductsPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Stock history of Halo Ring' }));
  return { get, dialog: within(screen.getByRole('dialog', { name: 'Stock history of Halo Ring' })) };
}

describe('StockLedgerModal', () => {
  it('lists the movements newest first: date, combination, signed change, reason, order number, admin; pages by 20', async () => {
    const { get, dialog } = await openHistory((url: string) => ({ items: url.includes('page=2') ? [movement({ _id: 'm9', delta: -2, orderNumber: 'AJ-100001' })] : movements, itemCount: 23, page: 1, limit: 20 }));
    expect(get).toHaveBeenCalledWith('/product/p1/stock/ledger?page=1&limit=20');
    const rows = (await dialog.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[0]).toEqual([expect.stringMatching(/^Mar 4, 2026 \d\d:\d\d [AP]M$/), 'Rose Gold / 7', '\u22121', 'Order placed', 'AJ-100042', '—']);
    expect(rows[1].slice(1)).toEqual(['Rose Gold / 7', '+5', 'Adjustment', '—', 'Ada Admin']);
    // A product without variants: the combination is the product.
    expect(rows[2].slice(1)).toEqual(['Halo Ring', '+1', 'Order cancelled', 'AJ-100041', '—']);
    await userEvent.click(dialog.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/product/p1/stock/ledger?page=2&limit=20'));
    expect(await dialog.findByRole('cell', { name: 'AJ-100001' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: '\u22122' })).toBeInTheDocument();
  });

  it('says when there is nothing yet, and when the ledger cannot be read', async () => {
    const { dialog } = await openHistory({ items: [], itemCount: 0, page: 1, limit: 20 });
    expect(await dialog.findByText('No stock movements yet.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    jest.restoreAllMocks();
    const failing = await openHistory(() => fail());
    expect(await failing.dialog.findByRole('alert')).toHaveTextContent('Failed to fetch stock history');
  });
});
