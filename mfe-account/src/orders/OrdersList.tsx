import { useCallback, useEffect, useId, useState } from 'react';
import { api, Button, DataTable, formatDate, formatMoney, inputClass, notify, type Column, type Order, type OrderStatus } from '@shop/shared';
import OrderDetailsModal from './OrderDetailsModal';
import { STATUS_FILTERS, statusLabel, type OrdersMode } from './orderStatus';
import styles from './Orders.module.css';

export interface OrdersListProps {
  /** customer: the signed-in customer's orders, cancel while pending; admin: every order, status and delete. */
  mode?: OrdersMode;
}

type Filter = 'all' | OrderStatus;

/**
 * The orders list shared by /my-account/orders and the admin's /orders (exposed as account/OrdersList):
 * status dropdown, table, and the Order Details modal.
 */
export default function OrdersList({ mode = 'customer' }: OrdersListProps) {
  const selectId = useId();
  const [status, setStatus] = useState<Filter>('all');
  const [orders, setOrders] = useState<Order[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(false);
    api
      .get<Order[]>('/order', { params: { status } })
      .then(({ data }) => live && setOrders(Array.isArray(data) ? data : []))
      .catch(() => {
        if (!live) return;
        setOrders([]);
        setFailed(true);
        notify.error('Failed to fetch orders.');
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [status, reload]);

  const close = useCallback(() => setOpenId(null), []);
  const changed = useCallback(
    (order?: Order) => {
      if (order && (status === 'all' || order.status === status)) {
        setOrders((list) => list.map((o) => (o._id === order._id ? { ...o, ...order } : o)));
      } else {
        setReload((n) => n + 1);
      }
    },
    [status],
  );

  const columns: Column<Order>[] = [
    { header: '#', cell: (_order, index) => index + 1 },
    { header: 'Date', cell: (order) => <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time> },
    { header: 'Status', cell: (order) => <span className={`${styles.status} ${styles[order.status] ?? ''}`}>{statusLabel(order.status)}</span> },
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
