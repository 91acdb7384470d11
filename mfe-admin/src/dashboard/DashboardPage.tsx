import { useEffect, useState } from 'react';
import { call, notify, Spinner, type SummaryReport } from '@shop/shared';
import { AdminLayout } from '../layout/AdminLayout';
import { Insight } from './Insight';
import { LowStockCard } from './LowStockCard';
import { OrderStatusCard } from './OrderStatusCard';
import styles from './Dashboard.module.css';

const SUMMARY: Array<{ key: keyof SummaryReport; label: string }> = [
  { key: 'order', label: 'Total Orders' },
  { key: 'product', label: 'Total Products' },
  { key: 'filter', label: 'Total Filter' },
  { key: 'user', label: 'Total Users' },
];

/**
 * /dashboard: the sales insight of a period against the one before (issue 19), then the Summary card and
 * the Order Status card (SPEC §2), then the Low stock card (issue 17).
 */
export default function DashboardPage() {
  const [summary, setSummary] = useState<SummaryReport | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    call('shopSummary')
      .then(({ data }) => setSummary(data))
      .catch(() => notify.error('Failed to fetch summary report'))
      .finally(() => setLoading(false));
  }, []);

  return (
    <AdminLayout title="Dashboard">
      <Insight />
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="summary-title">
          <h2 id="summary-title" className={styles.cardTitle}>Summary</h2>
          {loading ? (
            <Spinner />
          ) : (
            <dl className={styles.summary}>
              {SUMMARY.map(({ key, label }) => (
                <div key={key} className={styles.stat}>
                  <dt>{label}</dt>
                  <dd data-testid={`summary-${key}`}>{(summary?.[key] ?? 0).toLocaleString('en-US')}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <OrderStatusCard />
        <LowStockCard />
      </div>
    </AdminLayout>
  );
}
