import { useCallback, useEffect, useId, useState } from 'react';
import {
  Button,
  DataTable,
  formatDate,
  formatMoney,
  inputClass,
  notify,
  ORDER_STATUSES,
  RemoteComponent,
  type Column,
  type OrderListItem,
  type OrderSort,
  type OrderSortKey,
  orderStatusLabel,
} from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { downloadOrders, rangeIsBackwards, useOrdersFilter, useOrdersList } from './useOrdersList';
import styles from './Orders.module.css';

const statusLabel = orderStatusLabel;
/** SPEC §2's status dropdown: All, then every status. */
const STATUS_OPTIONS = [{ value: 'all', label: 'All' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))];
// Issue 38 (18): totals in different currencies do not compare: the server sorts them within each currency, and the header says so.
const SORT_LABELS: Record<OrderSortKey, string> = { date: 'Date', total: 'Total (per currency)', number: 'Order', status: 'Status', customer: 'Customer' };
/** The sort select (phones, where the column headers are not shown): each key both ways. */
const SORT_OPTIONS: Array<{ value: OrderSort; label: string }> = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'total:desc', label: 'Total, highest first within each currency' },
  { value: 'total:asc', label: 'Total, lowest first within each currency' },
  { value: 'number:desc', label: 'Order number, highest first' },
  { value: 'number:asc', label: 'Order number, lowest first' },
  { value: 'customer:asc', label: 'Customer, A to Z' },
  { value: 'customer:desc', label: 'Customer, Z to A' },
  { value: 'status:asc', label: 'Status, A to Z' },
  { value: 'status:desc', label: 'Status, Z to A' },
];

/** A column header that sorts the list on the server: first click ascending (date and total: newest / highest first), again the other way. */
function SortHeader({ field, sort, onSort }: { field: OrderSortKey; sort: OrderSort; onSort: (s: OrderSort) => void }) {
  const [key, dir] = sort.split(':');
  const active = key === field;
  const first = field === 'date' || field === 'total' ? 'desc' : 'asc';
  const next: OrderSort = `${field}:${active ? (dir === 'asc' ? 'desc' : 'asc') : first}`;
  const label = SORT_LABELS[field];
  return (
    <button
      type="button"
      className={styles.sort}
      onClick={() => onSort(next)}
      title={field === 'total' ? 'Orders are sorted by total within each currency (currencies apart)' : undefined}
      aria-label={`Sort by ${label}${active ? `, ${dir === 'asc' ? 'descending' : 'ascending'}` : ''}`}
    >
      {label}
      <span aria-hidden="true" className={styles.arrow}>{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
    </button>
  );
}
const ariaSort = (sort: OrderSort, field: OrderSortKey): 'none' | 'ascending' | 'descending' => {
  const [key, dir] = sort.split(':');
  return key !== field ? 'none' : dir === 'asc' ? 'ascending' : 'descending';
};

/**
 * /orders: every order, searched (number, customer's name or e-mail, a product), filtered by status and
 * dates, sorted and paged on the server; the filter lives in the URL. View opens the account remote's
 * Order Details modal in admin mode (status change, delete). Export CSV downloads the filtered orders,
 * one row per line item.
 */
export default function OrdersPage() {
  const ids = { search: useId(), status: useId(), from: useId(), to: useId(), sort: useId() };
  const [filter, update] = useOrdersFilter();
  const { data, loaded, status, reload } = useOrdersList(filter);
  const [typed, setTyped] = useState(filter.keyword);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // The keyword goes to the URL (and the server) shortly after typing stops; a link's keyword fills the box.
  useEffect(() => setTyped(filter.keyword), [filter.keyword]);
  useEffect(() => {
    if (typed === filter.keyword) return;
    const timer = setTimeout(() => update({ keyword: typed }, true), 300);
    return () => clearTimeout(timer);
  }, [typed, filter.keyword, update]);

  // A page emptied by a delete (or a link to a page past the end) falls back to the last one.
  useEffect(() => {
    if (loaded && data.items.length === 0 && data.itemCount > 0 && filter.page > 1) update({ page: Math.ceil(data.itemCount / (data.limit || 20)) }, true);
  }, [loaded, data, filter.page, update]);

  const sortBy = useCallback((sort: OrderSort) => update({ sort }), [update]);
  const close = useCallback(() => setOpenId(null), []);
  const backwards = rangeIsBackwards(filter);
  const filtered = Boolean(filter.keyword || filter.status !== 'all' || filter.from || filter.to);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrders(filter);
    } catch {
      notify.error('Failed to export orders.');
    } finally {
      setExporting(false);
    }
  };

  const sortable = (field: OrderSortKey) => ({ head: <SortHeader field={field} sort={filter.sort} onSort={sortBy} />, sort: ariaSort(filter.sort, field) });
  const columns: Column<OrderListItem>[] = [
    { header: '#', cell: (_o, index) => index + 1 },
    { header: 'Order', ...sortable('number'), cell: (o) => <span className={styles.number}>{o.orderNumber}</span> },
    {
      header: 'Customer',
      ...sortable('customer'),
      cell: (o) =>
        o.customer ? (
          <span className={styles.customer}>
            <span>{o.customer.fullName}</span>
            {/* Issue 40: bought without an account (the e-mail is the one given at checkout). */}
            <span className={styles.email}>{o.guest ? `Guest · ${o.customer.email}` : o.customer.email}</span>
          </span>
        ) : (
          <span className={styles.customer}>
            <span>{o.shipTo}</span>
            <span className={styles.email}>Deleted account</span>
          </span>
        ),
    },
    { header: 'Items', cell: (o) => <span className={styles.figure} title={`${o.quantity} ${o.quantity === 1 ? 'piece' : 'pieces'}`}>{o.itemCount}</span> },
    { header: 'Total', ...sortable('total'), cell: (o) => <span className={styles.money}>{formatMoney(o.totalPrice, o.currency.symbol)}</span> },
    { header: 'Payment Method', cell: (o) => o.paymentMethod },
    { header: 'Status', ...sortable('status'), cell: (o) => <span className={`${styles.status} ${styles[o.status] ?? ''}`}>{statusLabel(o.status)}</span> },
    { header: 'Date', ...sortable('date'), cell: (o) => <time dateTime={o.orderDate} className={styles.figure}>{formatDate(o.orderDate)}</time> },
    {
      header: 'Action',
      cell: (o, index) => (
        <Button size="small" variant="secondary" onClick={() => setOpenId(o._id)} aria-label={`View order ${index + 1}`}>
          View
        </Button>
      ),
    },
  ];

  return (
    <AdminLayout
      title="Orders"
      actions={
        <Button variant="secondary" onClick={exportCsv} disabled={exporting || backwards} aria-describedby={`${ids.search}-count`}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <section className={styles.orders} aria-label="All orders">
        <form className={styles.toolbar} aria-label="Find orders" onSubmit={(e) => e.preventDefault()}>
          <div className={`${styles.field} ${styles.grow}`}>
            <label htmlFor={ids.search} className={styles.label}>Search</label>
            <input
              id={ids.search}
              type="search"
              className={inputClass}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Order number, customer, e-mail or product"
              maxLength={200}
              autoComplete="off"
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.status} className={styles.label}>Status</label>
            <select id={ids.status} className={inputClass} value={filter.status} onChange={(e) => update({ status: e.target.value as typeof filter.status })}>
              {STATUS_OPTIONS.map((s) => (
                <option key={s.value} value={s.value}>{s.label}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.from} className={styles.label}>From</label>
            <input id={ids.from} type="date" className={inputClass} value={filter.from} max={filter.to || undefined} onChange={(e) => update({ from: e.target.value })} aria-invalid={backwards || undefined} />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.to} className={styles.label}>To</label>
            <input id={ids.to} type="date" className={inputClass} value={filter.to} min={filter.from || undefined} onChange={(e) => update({ to: e.target.value })} aria-invalid={backwards || undefined} />
          </div>
          <div className={`${styles.field} ${styles.sortField}`}>
            <label htmlFor={ids.sort} className={styles.label}>Sort by</label>
            <select id={ids.sort} className={inputClass} value={filter.sort} onChange={(e) => sortBy(e.target.value as OrderSort)}>
              {SORT_OPTIONS.map((s) => (
                <option key={s.value} value={s.value}>{s.label}</option>
              ))}
            </select>
          </div>
          {filtered && (
            <Button type="button" variant="secondary" size="small" className={styles.clear} onClick={() => { setTyped(''); update({ keyword: '', status: 'all', from: '', to: '' }); }}>
              Clear filters
            </Button>
          )}
        </form>
        {backwards && <p className={adminStyles.error} role="alert">The From date must be on or before the To date.</p>}
        <p id={`${ids.search}-count`} className={styles.count} aria-live="polite">
          {loaded && !backwards ? `${data.itemCount} ${data.itemCount === 1 ? 'order' : 'orders'}${filtered ? ' match' : ''}` : ''}
        </p>
        {status === 'failed' && !loaded ? (
          <p className={adminStyles.error} role="alert">Failed to fetch orders.</p>
        ) : (
          <div className={styles.table}>
            <DataTable
              caption="Orders"
              columns={columns}
              rows={data.items}
              rowKey={(o) => o._id}
              loading={!loaded && !backwards}
              empty={filtered ? 'No orders match these filters.' : 'No orders available yet.'}
              pagination={{ page: filter.page, limit: data.limit || 20, itemCount: data.itemCount, onPageChange: (page) => update({ page }) }}
            />
          </div>
        )}
      </section>
      {openId && (
        <RemoteComponent
          id="account/OrderDetailsModal"
          props={{ orderId: openId, mode: 'admin', onClose: close, onChanged: reload }}
        />
      )}
    </AdminLayout>
  );
}
