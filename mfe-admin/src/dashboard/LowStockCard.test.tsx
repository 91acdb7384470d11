import { screen, within } from '@testing-library/react';
import { api, type LowStockLine } from '@shop/shared';
import { LowStockCard } from './LowStockCard';
import { fail, renderAdmin, routeCalls } from '../test/renderAdmin';

const line = (over: Partial<LowStockLine>): LowStockLine => ({ productId: 'p1', title: 'Halo Ring', slug: 'halo-ring', options: ['rg', 's7'], combination: 'Rose Gold / 7', quantity: 0, ...over });

afterEach(() => jest.restoreAllMocks());

describe('LowStockCard', () => {
  it('lists the low combinations as answered (lowest first), each title linking to its edit', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({
      '/stock/low': [line({}), line({ options: ['yg', 's7'], combination: 'Yellow Gold / 7', quantity: 2 }), line({ productId: 'p2', title: 'Pearl Drop', options: [], combination: '', quantity: 1234 })],
    }));
    renderAdmin(<LowStockCard />, { path: '/dashboard' });
    const card = within(screen.getByRole('region', { name: 'Low stock' }));
    const rows = (await card.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Halo Ring', 'Rose Gold / 7', '0'],
      ['Halo Ring', 'Yellow Gold / 7', '2'],
      ['Pearl Drop', '—', '1,234'],
    ]);
    expect(card.getAllByRole('link', { name: 'Halo Ring' })[0]).toHaveAttribute('href', '/products?edit=p1');
    expect(card.getByRole('link', { name: 'Pearl Drop' })).toHaveAttribute('href', '/products?edit=p2');
  });

  it("says 'No low stock' when nothing is low, and that it failed when the call fails", async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/stock/low': [] }));
    const { unmount } = renderAdmin(<LowStockCard />);
    expect(await screen.findByText('No low stock')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    jest.spyOn(api, 'get').mockImplementation(() => fail());
    renderAdmin(<LowStockCard />);
    expect(await within(screen.getByRole('region', { name: 'Low stock' })).findByRole('alert')).toHaveTextContent('Failed to fetch low stock');
  });
});
