import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Coupon, type CouponRedemption } from '@shop/shared';
import CouponsPage from './CouponsPage';
import { EUR, fail, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

// Many fields typed a key at a time, on a shared two-core machine.
jest.setTimeout(30000);

beforeEach(() => setCurrencies([USD, EUR]));
afterEach(() => jest.restoreAllMocks());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const coupon = (over: Partial<Coupon>): Coupon => ({
  _id: 'c1', code: 'SUMMER15', discountType: 'percentage', value: [{ currType: 'usd', amount: 15 }, { currType: 'eur', amount: 15 }], minSubtotal: [],
  startsAt: null, endsAt: null, usageLimit: 10, perCustomerLimit: null, firstOrderOnly: false, active: true, products: [], timesUsed: 3,
  createdAt: '2030-01-01T00:00:00.000Z', ...over,
});
const summer = coupon({});
const ring = { _id: 'p1', title: 'Ruby Ring' };
const pendant = { _id: 'p2', title: 'Moon Pendant' };
const products = { '/product/filter': { items: [ring, pendant], itemCount: 2, page: 1, limit: 8 } };

/** What a coupon list's cell shows (words for screen readers only left out). */
const shown = (cell: HTMLElement) => {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
  return copy.textContent;
};
/** The coupon list's rows as shown, cell by cell (the actions left out). */
const rowTexts = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 4).map(shown));

/** The page with no coupons yet, its 'New Coupon' dialog open (products searched as `post` answers). */
async function openNew(post: ReturnType<typeof routeCalls>) {
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/coupons': [] }));
  const spy = jest.spyOn(api, 'post').mockImplementation(post);
  renderAdmin(<CouponsPage />);
  await screen.findByText('No Coupons available yet.');
  await userEvent.click(screen.getByRole('button', { name: 'Add Coupon' }));
  return { post: spy, dialog: screen.getByRole('dialog', { name: 'New Coupon' }) };
}

describe('CouponsPage', () => {
  it('lists code, value, uses / limit and a status made of the dates, the flag and the limit; empty and failed lists say so', async () => {
    const list = [
      summer,
      coupon({ _id: 'c2', code: 'TENOFF', discountType: 'fixed', value: [{ currType: 'eur', amount: 9 }, { currType: 'usd', amount: 10 }], usageLimit: null, firstOrderOnly: true, perCustomerLimit: 1 }),
      coupon({ _id: 'c3', code: 'PAUSED', active: false, timesUsed: 0 }),
      coupon({ _id: 'c4', code: 'LATER', startsAt: inDays(2), timesUsed: 0 }),
      coupon({ _id: 'c5', code: 'OLD', endsAt: inDays(-2) }),
      coupon({ _id: 'c6', code: 'GONE', timesUsed: 10, products: ['p1', 'p2'] }),
    ];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/coupons': list }));
    renderAdmin(<CouponsPage />);
    await screen.findByText('SUMMER15');
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    const rows = rowTexts();
    expect(rows[0]).toEqual(['SUMMER15', '15 %', '3 / 10', 'Active']);
    expect(rows[1]).toEqual(['TENOFFFirst order · 1 per customer', '$10.00 / €9.00', '3 / ∞', 'Active']);
    expect(rows[2]).toEqual(['PAUSED', '15 %', '0 / 10', 'Inactive']);
    expect(rows[3][3]).toMatch(/^ScheduledFrom /);
    expect(rows[4][3]).toMatch(/^ExpiredEnded /);
    expect(rows[5]).toEqual(['GONE2 products', '15 %', '10 / 10', 'Used up']);
    expect(screen.getByRole('button', { name: 'Activate PAUSED' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate SUMMER15' })).toBeInTheDocument();

    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD], '/coupons': [] }));
    renderAdmin(<CouponsPage />);
    expect(await screen.findByText('No Coupons available yet.')).toBeInTheDocument();
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD], '/coupons': () => fail() }));
    renderAdmin(<CouponsPage />);
    expect(await screen.findByText('Failed to fetch coupons')).toBeInTheDocument();
  });

  it('adds a percentage coupon: sends the body, toasts, closes and lists it', async () => {
    let list: Coupon[] = [];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/coupons': () => list }));
    const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ ...products, '/coupons': () => ok(summer, 201) }));
    renderAdmin(<CouponsPage />);
    await screen.findByText('No Coupons available yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'New Coupon' });
    await userEvent.type(within(dialog).getByLabelText('Code'), 'SUMMER15');
    await userEvent.type(within(dialog).getByLabelText('Percent off'), '15');
    await userEvent.type(within(dialog).getByLabelText('Minimum subtotal in USD'), '50');
    await userEvent.type(within(dialog).getByLabelText('Ends (optional)'), '2030-07-01T10:00');
    await userEvent.type(within(dialog).getByLabelText('Usage limit'), '10');
    await userEvent.type(within(dialog).getByLabelText('Per-customer limit'), '1');
    await userEvent.click(within(dialog).getByLabelText('First order only'));
    // Products: the search's results are checkboxes; a chosen one shows as a tag.
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ruby Ring' }));
    expect(within(within(dialog).getByRole('list', { name: 'Chosen products' })).getByRole('button', { name: 'Remove Ruby Ring' })).toBeInTheDocument();
    list = [summer];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(post).toHaveBeenCalledWith('/coupons', {
      code: 'SUMMER15', discountType: 'percentage', value: [{ currType: 'usd', amount: 15 }, { currType: 'eur', amount: 15 }],
      minSubtotal: [{ currType: 'usd', amount: 50 }], startsAt: null, endsAt: new Date('2030-07-01T10:00').toISOString(),
      usageLimit: 10, perCustomerLimit: 1, firstOrderOnly: true, active: true, products: ['p1'],
    });
    expect(await screen.findByText('Coupon Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('SUMMER15')).toBeInTheDocument();
  });

  it('a code already used (409) keeps the modal open, with the server\'s message as a toast and beside the code', async () => {
    const { post, dialog } = await openNew(routeCalls({ ...products, '/coupons': () => fail(409, 'The code SUMMER15 is already used by another coupon') }));
    await userEvent.type(within(dialog).getByLabelText('Code'), 'SUMMER15');
    await userEvent.type(within(dialog).getByLabelText('Percent off'), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(post).toHaveBeenCalledWith('/coupons', expect.objectContaining({ code: 'SUMMER15' }));
    expect(await screen.findByText('The code SUMMER15 is already used by another coupon')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Coupon' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription('This code is already used by another coupon');
    expect(within(dialog).getByLabelText('Code')).toHaveValue('SUMMER15');
    // Another code clears the message.
    await userEvent.type(within(dialog).getByLabelText('Code'), 'X');
    expect(within(dialog).getByLabelText('Code')).not.toHaveAccessibleDescription();
  });

  it('checks the fields first, each message beside its field, and sends nothing until they are right', async () => {
    const { post, dialog } = await openNew(routeCalls(products));
    await userEvent.type(within(dialog).getByLabelText('Code'), 'TWO WORDS');
    await userEvent.type(within(dialog).getByLabelText('Percent off'), '120');
    await userEvent.type(within(dialog).getByLabelText('Starts (optional)'), '2030-07-02T10:00');
    await userEvent.type(within(dialog).getByLabelText('Ends (optional)'), '2030-07-01T10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription('Letters, digits, - and _ only (no spaces)');
    expect(within(dialog).getByLabelText('Percent off')).toHaveAccessibleDescription('A percent above 0, up to 100');
    expect(within(dialog).getByLabelText('Ends (optional)')).toHaveAccessibleDescription('The end must be after the start');
    await waitFor(() => expect(within(dialog).getByLabelText('Code')).toHaveFocus());
    expect(post).not.toHaveBeenCalledWith('/coupons', expect.anything());
  });

  it('a percentage takes one percent; a fixed coupon an amount per currency (blank: not usable there)', async () => {
    const { post, dialog } = await openNew(routeCalls({ ...products, '/coupons': () => ok(summer, 201) }));
    expect(within(dialog).getByLabelText('Discount Type')).toHaveValue('percentage');
    expect(within(dialog).getByLabelText('Percent off')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Amount off in USD')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Discount Type'), 'fixed');
    expect(within(dialog).queryByLabelText('Percent off')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount off in EUR')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Code'), 'TENOFF');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter an amount in at least one currency')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Amount off in USD'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(post).toHaveBeenCalledWith('/coupons', expect.objectContaining({ discountType: 'fixed', value: [{ currType: 'usd', amount: 10 }] }));
  });

  it('edits a coupon: its fields and products filled in, Update replaces the row', async () => {
    const tenOff = coupon({ discountType: 'fixed', value: [{ currType: 'usd', amount: 10 }, { currType: 'eur', amount: 9 }], products: ['p2'], endsAt: inDays(30) });
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/coupons': [tenOff], '/product/p2': pendant }));
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': { items: [], itemCount: 0, page: 1, limit: 8 } }));
    const put = jest.spyOn(api, 'put').mockImplementation((_url, body) => ok({ ...tenOff, ...(body as object), timesUsed: 3 }));
    renderAdmin(<CouponsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SUMMER15' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Coupon' });
    expect(within(dialog).getByLabelText('Amount off in USD')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Amount off in EUR')).toHaveValue(9);
    expect(within(dialog).getByLabelText('Usage limit')).toHaveValue(10);
    expect(await within(dialog).findByRole('button', { name: 'Remove Moon Pendant' })).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Code'));
    await userEvent.type(within(dialog).getByLabelText('Code'), 'TENOFF');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(put).toHaveBeenCalledWith('/coupons/c1', expect.objectContaining({ code: 'TENOFF', products: ['p2'], usageLimit: 10 }));
    expect(await screen.findByText('Coupon Details Updated Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('TENOFF')).toBeInTheDocument();
  });

  it('deactivates and activates a coupon from its row (the whole coupon sent, the flag turned)', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/coupons': [summer] }));
    const put = jest.spyOn(api, 'put').mockImplementation((_url, body) => ok({ ...summer, ...(body as object) }));
    renderAdmin(<CouponsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate SUMMER15' }));
    expect(put).toHaveBeenCalledWith('/coupons/c1', {
      code: 'SUMMER15', discountType: 'percentage', value: summer.value, minSubtotal: [], startsAt: null, endsAt: null,
      usageLimit: 10, perCustomerLimit: null, firstOrderOnly: false, active: false, products: [],
    });
    expect(await screen.findByText('Coupon Deactivated Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activate SUMMER15' }));
    expect(put).toHaveBeenLastCalledWith('/coupons/c1', expect.objectContaining({ active: true }));
    expect(await screen.findByText('Coupon Activated Successfully!')).toBeInTheDocument();
  });

  it('deletes only after the confirmation, then lists again', async () => {
    let list: Coupon[] = [summer];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD], '/coupons': () => list }));
    const del = jest.spyOn(api, 'delete').mockImplementation(() => ok({ message: 'Coupon deleted' }));
    renderAdmin(<CouponsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SUMMER15' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete coupon' });
    expect(confirm).toHaveTextContent('Delete SUMMER15?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete SUMMER15' }));
    list = [];
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete coupon' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/coupons/c1');
    expect(await screen.findByText('Coupon Deleted Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No Coupons available yet.')).toBeInTheDocument();
  });

  it('lists the orders that used a code, paged: number, customer, amount, status (Released when given back), date', async () => {
    const redemption = (n: number, over: Partial<CouponRedemption> = {}): CouponRedemption => ({
      orderId: `o${n}`, orderNumber: `AJ-1000${40 + n}`, customer: { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local' },
      amount: 12.5, currency: { symbol: '€', code: 'EUR' }, status: 'pending', redeemedAt: '2030-03-04T10:15:00.000Z', releasedAt: null, ...over,
    });
    const first = [redemption(1, { status: 'cancelled', releasedAt: '2030-03-05T09:00:00.000Z' }), redemption(2, { customer: null }), ...Array.from({ length: 8 }, (_, i) => redemption(i + 3))];
    const get = jest.spyOn(api, 'get').mockImplementation(
      routeCalls({
        '/currencies': [USD, EUR],
        '/coupons': [{ ...summer, timesUsed: 1 }],
        '/coupons/c1/redemptions': (url: string) => ({ items: url.includes('page=2') ? [redemption(11)] : first, itemCount: 11, page: 1, limit: 10 }),
      }),
    );
    renderAdmin(<CouponsPage />);
    // The uses count opens them.
    await userEvent.click(await screen.findByRole('button', { name: /^1 \/ 10 ?, redemptions of SUMMER15$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Redemptions of SUMMER15' });
    await within(dialog).findByText('AJ-100041');
    const rows = within(dialog).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['AJ-100041', 'Jane Doejane@shop.local', '€12.50', 'CancelledReleased', expect.stringMatching(/^Mar [45], 2030/)]);
    expect(within(rows[2]).getAllByRole('cell')[1]).toHaveTextContent('Deleted customer');
    expect(get).toHaveBeenCalledWith('/coupons/c1/redemptions?page=1&limit=10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    expect(await within(dialog).findByText('AJ-100051')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/coupons/c1/redemptions?page=2&limit=10');
  });
});
