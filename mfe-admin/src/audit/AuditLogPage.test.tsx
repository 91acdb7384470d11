import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type AuditEntry, type AuditJson } from '@shop/shared';
import AuditLogPage, { dayBound } from './AuditLogPage';
import { auditChanges, fieldLabel, pathLabel, showValue } from './auditDiff';
import { fail, renderAdmin, routeCalls } from '../test/renderAdmin';

const ada = { _id: 'u1', fullName: 'Ada Admin', email: 'ada@shop.local' };
const bob = { _id: 'u2', fullName: 'Bob Boss', email: 'bob@shop.local' };
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: 'a1', at: '2026-03-04T10:15:00.000Z', actor: ada, action: 'update', entity: 'product', entityId: 'p1', before: { title: 'Rose Ring', basePrice: { USD: 120 } }, after: { title: 'Rose Halo Ring', basePrice: { USD: 99.5 } }, subject: null, ...over,
});
const entries = [
  entry({}),
  entry({ _id: 'a2', actor: bob, action: 'delete', entity: 'coupon', entityId: 'c1', before: { code: 'SPRING10', active: true }, after: null }),
  entry({ _id: 'a3', action: 'create', entity: 'currency', entityId: 'cur1', before: null, after: { name: 'Euro', code: 'EUR', symbol: '€' } }),
];
const page = (items: AuditEntry[], itemCount = items.length) => ({ items, itemCount, page: 1, limit: 20 });

// Several clicks and loads per test: room for a loaded CI host, as the other admin pages' tests give.
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

describe('AuditLogPage', () => {
  it('lists entries newest first: when, who, what, which, the fields changed; pages on the server', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(
      routeCalls({ '/audit-log': (url: string) => (url.includes('page=2') ? page([entry({ _id: 'a9', before: { title: 'Old Pendant' }, after: { title: 'Pendant' } })], 21) : page(entries, 21)), '/audit-log/actors': [ada, bob] }),
    );
    renderAdmin(<AuditLogPage />, { path: '/audit-log' });
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(get).toHaveBeenCalledWith('/audit-log?page=1&limit=20');
    expect(rows[0][0]).toMatch(/^Mar 4, 2026 \d\d:\d\d [AP]M$/);
    expect(rows[0].slice(1)).toEqual(['Ada Adminada@shop.local', 'Updated product', 'Rose Halo Ring', 'Title, Base price — details of Updated product Rose Halo Ring, by Ada Admin']);
    expect(rows[1].slice(1)).toEqual(['Bob Bossbob@shop.local', 'Deleted coupon', 'SPRING10', 'Code, Active — details of Deleted coupon SPRING10, by Bob Boss']);
    expect(rows[2].slice(2, 4)).toEqual(['Created currency', 'EUR']);
    expect(screen.getByRole('button', { name: /^Name, Code, Symbol — details of Created currency EUR/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'Pendant' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/audit-log?page=2&limit=20');
  });

  it('names each entry, never by a bare id: its own values, else its name now (subject), else the id (issue 38, 18)', async () => {
    const unnamed = { before: { imageUrls: ['/a.jpg'] }, after: { imageUrls: ['/b.jpg'] } };
    jest.spyOn(api, 'get').mockImplementation(
      routeCalls({
        '/audit-log': page([
          entry({ _id: 'b1', entityId: 'p-7f3a', ...unnamed, subject: 'Rose Halo Ring' }),
          entry({ _id: 'b2', entity: 'release', entityId: 'mfe-catalog@1.2.0', ...unnamed }),
        ]),
        '/audit-log/actors': [ada],
      }),
    );
    renderAdmin(<AuditLogPage />, { path: '/audit-log' });
    const rows = (await screen.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell')[3].textContent);
    expect(rows).toEqual(['Rose Halo Ring', 'mfe-catalog@1.2.0']);
    expect(screen.queryByText('p-7f3a')).not.toBeInTheDocument();
  });

  it('filters by person, kind and dates on the server, from the first page', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/audit-log': page(entries, 45), '/audit-log/actors': [ada, bob] }));
    renderAdmin(<AuditLogPage />, { path: '/audit-log' });
    await screen.findByRole('cell', { name: 'Rose Halo Ring' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const person = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(within(person).getByRole('option', { name: 'Bob Boss (bob@shop.local)' })).toBeInTheDocument());
    await userEvent.selectOptions(person, 'u2');
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/audit-log?actor=u2&page=1&limit=20'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'coupon');
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/audit-log?actor=u2&entity=coupon&page=1&limit=20'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-04' } });
    const from = encodeURIComponent(dayBound('2026-03-01', false));
    const to = encodeURIComponent(dayBound('2026-03-04', true));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(`/audit-log?actor=u2&entity=coupon&from=${from}&to=${to}&page=1&limit=20`));
    expect(new Date(dayBound('2026-03-04', true)).getDate()).toBe(4);
    expect(new Date(dayBound('2026-03-04', true)).getHours()).toBe(23);

    // An end before the start is said, and not asked of the server.
    const calls = get.mock.calls.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date is before the start date.');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/audit-log?actor=u2&entity=coupon&page=1&limit=20'));
    expect(get.mock.calls.slice(calls).every(([url]) => !String(url).includes('from='))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/audit-log?page=1&limit=20'));
  });

  it('opens an entry: who, when, and each changed value before and after', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/audit-log': page(entries), '/audit-log/actors': [ada, bob] }));
    renderAdmin(<AuditLogPage />, { path: '/audit-log' });
    await userEvent.click(await screen.findByRole('button', { name: 'Title, Base price — details of Updated product Rose Halo Ring, by Ada Admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Updated product: Rose Halo Ring' }));
    expect(dialog.getByText('Ada Admin (ada@shop.local)')).toBeInTheDocument();
    const diff = dialog.getAllByRole('row').slice(1).map((r) => [within(r).getByRole('rowheader').textContent, ...within(r).getAllByRole('cell').map((c) => c.textContent)]);
    expect(diff).toEqual([
      ['Title', 'Rose Ring', 'Rose Halo Ring'],
      ['Base price › USD', '120', '99.5'],
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /details of Deleted coupon SPRING10/ }));
    const deleted = within(screen.getByRole('dialog', { name: 'Deleted coupon: SPRING10' }));
    expect(deleted.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['CodeSPRING10—', 'Activetrue—']);
  });

  it('says when nothing matches, and when the log cannot be read', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/audit-log': page([]), '/audit-log/actors': [] }));
    renderAdmin(<AuditLogPage />, { path: '/audit-log' });
    expect(await screen.findByText('No change recorded yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'order');
    expect(await screen.findByText('No change matches these filters.')).toBeInTheDocument();
    jest.restoreAllMocks();

    jest.spyOn(api, 'get').mockImplementation(() => fail());
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findAllByText('Failed to fetch the audit log')).length).toBeGreaterThan(0);
  });
});

describe('auditChanges', () => {
  it('walks objects and lists of objects down to the values that differ; plain lists are one value', () => {
    const before = { title: 'Ring', tags: ['gold'], variants: [{ type: 'Size', options: [{ name: '6', incRate: { USD: 5 } }] }] };
    const after: AuditJson = { title: 'Ring', tags: ['gold', 'new'], variants: [{ type: 'Size', options: [{ name: '6', incRate: { USD: 7 } }, { name: '7', incRate: {} }] }] };
    expect(auditChanges(before, after).map((c) => [c.path, showValue(c.before), showValue(c.after)])).toEqual([
      ['tags', 'gold', 'gold, new'],
      ['variants › 1 › options › 1 › incRate › USD', '5', '7'],
      ['variants › 1 › options › 2 › name', '', '7'],
    ]);
    expect(auditChanges(null, { a: 1 })).toEqual([{ path: 'a', before: undefined, after: 1 }]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(pathLabel('variants › 1 › incRate › USD')).toBe('Variants › 1 › Inc rate › USD');
    expect(fieldLabel('fullName')).toBe('Full name');
  });
});
