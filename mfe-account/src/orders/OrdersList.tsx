import { useCallback, useId, useState } from 'react';
import { Button, call, DataTable, inputClass, notify, useFormat, useLoad, type Column, type Order, type OrderStatus } from '@shop/shared';
import { useT } from '../messages';
import { DocumentDownload } from './DocumentDownload';
import OrderDetailsModal from './OrderDetailsModal';
import { STATUS_FILTERS, paymentText, statusKey, type OrdersMode } from './orderStatus';
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
  const t = useT();
  const format = useFormat();
  const [status, setStatus] = useState<Filter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, status: loadStatus, reload, setData } = useLoad(
    status,
    // Without paging parameters the answer is every order (the map's other answer: a page of list rows).
    () => call('orders', { query: { status } }).then((answer) => (Array.isArray(answer.data) ? (answer.data as Order[]) : [])),
    { keep: true, onError: () => notify.error(t('orders.failed')) },
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
    { header: t('orders.col.order'), cell: (order) => <span className={styles.orderNumber}>{order.orderNumber}</span> },
    { header: t('orders.col.date'), cell: (order) => <time dateTime={order.orderDate}>{format.date(order.orderDate)}</time> },
    {
      header: t('orders.col.status'),
      cell: (order, index) => (
        <>
          <span className={`${styles.status} ${styles[order.status] ?? ''}`}>{t(statusKey(order.status))}</span>
          {order.shipment?.trackingUrl && (order.status === 'shipped' || order.status === 'delivered') && (
            <a className={styles.track} href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={t('orders.trackOf', { n: index + 1, carrier: order.shipment.carrier })}>
              {t('orders.track')}
            </a>
          )}
        </>
      ),
    },
    { header: t('orders.col.total'), cell: (order) => <span className={styles.money}>{format.money(order.totalPrice, order.currency?.symbol)}</span> },
    { header: t('orders.col.payment'), cell: (order) => paymentText(order.paymentMethod, t) },
    {
      header: t('orders.col.action'),
      cell: (order, index) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setOpenId(order._id)} aria-label={t('orders.viewOf', { n: index + 1 })}>
            {t('orders.view')}
          </Button>
          <DocumentDownload order={order} kind="invoice" />
        </div>
      ),
    },
  ];

  return (
    <section className={styles.orders} aria-label={mode === 'admin' ? t('orders.all') : t('orders.mine')}>
      <div className={styles.toolbar}>
        <label htmlFor={selectId} className={styles.filterLabel}>{t('orders.statusFilter')}</label>
        <select id={selectId} className={`${inputClass} ${styles.filter}`} value={status} onChange={(e) => setStatus(e.target.value as Filter)}>
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>{t(statusKey(value))}</option>
          ))}
        </select>
      </div>
      {failed && !loading ? (
        <p className={styles.error} role="alert">{t('orders.failed')}</p>
      ) : (
        <DataTable columns={columns} rows={orders} rowKey={(o) => o._id} loading={loading} empty={t('orders.empty')} caption={t('orders.caption')} />
      )}
      {openId && <OrderDetailsModal orderId={openId} mode={mode} onClose={close} onChanged={changed} />}
    </section>
  );
}
