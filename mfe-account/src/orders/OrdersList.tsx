import { useCallback, useId, useState } from 'react';
import { Button, call, DataTable, formatDate, formatMoney, inputClass, notify, useLoad, type Column, type Order, type OrderStatus } from '@shop/shared';
import OrderDetailsModal from './OrderDetailsModal';
import { STATUS_FILTERS, statusLabel, type OrdersMode } from './orderStatus';
import styles from './Orders.module.css';

export interface OrdersListProps {
  /** customer: the signed-in customer's orders, cancel while pending; admin: every order, status and delete. */
  mode?: OrdersMode;
}

type Filter = 'all' | OrderStatus;
const NO_ORDERS: Order[] = [];

/**
 * The orders list shared by /my-account/orders and the admin's /orders (exposed as account/OrdersList):
 * status dropdown, table, and the Order Details modal.
 */
export default function OrdersList({ mode = 'customer' }: OrdersListProps) {
  const selectId = useId();
  const [status, setStatus] = useState<Filter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, status: loadStatus, reload, setData } = useLoad(
    status,
    // Without paging parameters the answer is every order (the map's other answer: a page of list rows).
    () => call('orders', { query: { status } }).then((answer) => (Array.isArray(answer.data) ? (answer.data as Order[]) : [])),
    { keep: true, onError: () => notify.error('Failed to fetch orders.') },
  );
  const orders = data ?? NO_ORDERS;
  const loading = loadStatus === 'loading';
  const failed = loadStatus === 'failed';

  const close = useCallback(() => setOpenId(null), []);
  const changed = useCallback(
    (order?: Order) => {
      if (order && (status === 'all' || order.status === status)) {
        setData((list) => list?.map((o) => (o._id === order._id ? { ...o, ...order } : o)));
      } else {
        reload();
      }
    },
    [status, setData, reload],
  );

  const columns: Column<Order>[] = [
    { header: '#', cell: (_order, index) => index + 1 },
    { header: 'Order', cell: (order) => <span className={styles.orderNumber}>{order.orderNumber}</span> },
    { header: 'Date', cell: (order) => <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time> },
    {
      header: 'Status',
      cell: (order, index) => (
        <>
          <span className={`${styles.status} ${styles[order.status] ?? ''}`}>{statusLabel(order.status)}</span>
          {order.shipment?.trackingUrl && (order.status === 'shipped' || order.status === 'delivered') && (
            <a className={styles.track} href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={`Track parcel of order ${index + 1} with ${order.shipment.carrier} (opens in a new tab)`}>
              Track parcel
            </a>
          )}
        </>
      ),
    },
    { header: 'Total', cell: (order) => <span className={styles.money}>{formatMoney(order.totalPrice, order.currency?.symbol)}</span> },
    { header: 'Payment Method', cell: (order) => order.paymentMethod },
    {
      header: 'Action',
      cell: (order, index) => (
        <Button size="small" variant="secondary" onClick={() => setOpenId(order._id)} aria-label={`View order ${index + 1}`}>
          View
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.orders} aria-label={mode === 'admin' ? 'All orders' : 'Your orders'}>
      <div className={styles.toolbar}>
        <label htmlFor={selectId} className={styles.filterLabel}>Status</label>
        <select id={selectId} className={`${inputClass} ${styles.filter}`} value={status} onChange={(e) => setStatus(e.target.value as Filter)}>
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>{f.label}</option>
          ))}
        </select>
      </div>
      {failed && !loading ? (
        <p className={styles.error} role="alert">Failed to fetch orders.</p>
      ) : (
        <DataTable columns={columns} rows={orders} rowKey={(o) => o._id} loading={loading} empty="No orders available yet." caption="Orders" />
      )}
      {openId && <OrderDetailsModal orderId={openId} mode={mode} onClose={close} onChanged={changed} />}
    </section>
  );
}
