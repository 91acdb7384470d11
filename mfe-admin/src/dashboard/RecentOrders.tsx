import { formatDate, formatMoney, Link, type InsightRecentOrder, orderSearchPath, orderStatusLabel } from '@shop/shared';
import styles from './Insight.module.css';


/** The shop's latest orders, whatever the period: number, customer, total, status, date; all of them on /orders. */
export function RecentOrders({ orders }: { orders: InsightRecentOrder[] }) {
  if (!orders.length) return <p className={styles.muted}>No orders yet</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.recent}`}>
        <caption className="visually-hidden">The latest orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col" className={styles.num}>Total</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.num}>Date</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o._id}>
              <td><Link to={orderSearchPath(o.orderNumber)} className={styles.link}>{o.orderNumber}</Link></td>
              <td>
                <span className={styles.customer}>{o.customer.fullName || '—'}</span>
                {o.customer.email && <span className={styles.email}>{o.customer.email}</span>}
              </td>
              <td className={`${styles.num} ${styles.figure}`}>{formatMoney(o.total, o.currency.symbol)}</td>
              <td><span className={`${styles.status} ${styles[`status_${o.status}`] ?? ''}`}>{orderStatusLabel(o.status)}</span></td>
              <td className={styles.num}><time dateTime={o.orderDate}>{formatDate(o.orderDate)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
