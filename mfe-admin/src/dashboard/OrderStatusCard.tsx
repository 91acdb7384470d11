import { useState } from 'react';
import { call, notify, urlOf, Spinner, useLoad, type OrderReport, type ReportPeriod } from '@shop/shared';
import { StatusChart } from './StatusChart';
import styles from './Dashboard.module.css';

export const PERIODS: ReportPeriod[] = ['today', 'weekly', 'monthly', 'yearly'];
const PERIOD_LABELS: Record<ReportPeriod, string> = { today: 'Today', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };

/** SPEC §2: Pending, Processing, Shipped + Delivered, Cancelled + Rejected; missing values count 0. */
export function statusGroups(report: OrderReport) {
  const n = (k: keyof OrderReport) => report[k] ?? 0;
  return [
    { key: 'pending', label: 'Pending', value: n('pending') },
    { key: 'processing', label: 'Processing', value: n('processing') },
    { key: 'shipped', label: 'Shipped + Delivered', value: n('shipped') + n('delivered') },
    { key: 'cancelled', label: 'Cancelled + Rejected', value: n('cancelled') + n('rejected') },
  ];
}

/** The Order Status card: the period cycles today → weekly → monthly → yearly with the up and down arrows. */
export function OrderStatusCard() {
  const [index, setIndex] = useState(0);
  const period = PERIODS[index];
  const loaded = useLoad(urlOf('ordersPerStatus', { params: { period } }), () => call('ordersPerStatus', { params: { period } }).then(({ data }) => data ?? {}), {
    onError: () => notify.error('Failed to fetch order report'),
  });
  // A failed report shows zeros.
  const report = loaded.status === 'failed' ? {} : loaded.data;

  const step = (delta: number) => setIndex((i) => (i + delta + PERIODS.length) % PERIODS.length);
  const groups = report ? statusGroups(report) : [];

  return (
    <section className={styles.card} aria-labelledby="order-status-title">
      <div className={styles.cardHead}>
        <h2 id="order-status-title" className={styles.cardTitle}>Order Status</h2>
        <div className={styles.period}>
          <button type="button" className={styles.arrow} onClick={() => step(-1)} aria-label="Previous period">▲</button>
          <span aria-live="polite" data-testid="report-period">{PERIOD_LABELS[period]}</span>
          <button type="button" className={styles.arrow} onClick={() => step(1)} aria-label="Next period">▼</button>
        </div>
      </div>
      {!report ? (
        <Spinner />
      ) : (
        <>
          <dl className={styles.summary}>
            {groups.map((g) => (
              <div key={g.key} className={`${styles.stat} ${styles[g.key]}`}>
                <dt>{g.label}</dt>
                <dd data-testid={`status-${g.key}`}>{g.value.toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
          <StatusChart bars={groups} title={`Orders by status, ${PERIOD_LABELS[period].toLowerCase()}`} />
        </>
      )}
    </section>
  );
}
