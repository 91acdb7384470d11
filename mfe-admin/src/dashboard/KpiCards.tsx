import { formatMoney, type InsightAnswer, type InsightFigures } from '@shop/shared';
import styles from './Insight.module.css';
import { insightChange } from '@shop/shared/src/contract';

const count = (n: number) => n.toLocaleString('en-US');

/** The change against the previous period: an arrow and the percent, 'New' when there was nothing before. */
export function Change({ current, previous, shown }: { current: number; previous: number; shown: string }) {
  const change = insightChange(current, previous);
  if (change.kind === 'new') {
    return (
      <span className={`${styles.change} ${styles.up}`} data-testid="change">
        <span aria-hidden="true">▲ </span>new<span className="visually-hidden"> (none in the previous period)</span>
      </span>
    );
  }
  const { percent } = change;
  const way = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const arrow = way === 'up' ? '▲' : way === 'down' ? '▼' : '–';
  const words = way === 'up' ? 'up' : way === 'down' ? 'down' : 'unchanged';
  return (
    <span className={`${styles.change} ${styles[way]}`} data-testid="change" title={`Previous period: ${shown}`}>
      <span aria-hidden="true">{arrow} </span>
      <span className="visually-hidden">{words} </span>
      {Math.abs(percent).toLocaleString('en-US', { maximumFractionDigits: 1 })}%
      <span className="visually-hidden"> from {shown}</span>
    </span>
  );
}

const KPIS: Array<{ key: keyof InsightFigures; label: string; money: boolean }> = [
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'orders', label: 'Orders', money: false },
  { key: 'averageOrderValue', label: 'Average order', money: true },
];

/**
 * Revenue, orders and the average order per currency (each order in its own currency, never converted),
 * and new customers; each with its change against the previous period of the same length.
 */
export function KpiCards({ insight }: { insight: InsightAnswer }) {
  const { currencies, newCustomers } = insight;
  return (
    <div className={styles.kpis}>
      {KPIS.map(({ key, label, money }) => (
        <section key={key} className={styles.kpi} aria-label={label} data-testid={`kpi-${key}`}>
          <h3 className={styles.kpiTitle}>{label}</h3>
          {currencies.length === 0 ? (
            <p className={styles.kpiEmpty}>
              <span className={styles.figure}>0</span> <span className={styles.muted}>no orders</span>
            </p>
          ) : (
            <ul className={styles.kpiList}>
              {currencies.map((c) => {
                const show = (v: number) => (money ? formatMoney(v, c.symbol) : count(v));
                return (
                  <li key={c.code} data-testid={`kpi-${key}-${c.code}`}>
                    <span className={styles.code}>{c.code}</span>
                    <span className={styles.figure}>{show(c.current[key])}</span>
                    <Change current={c.current[key]} previous={c.previous[key]} shown={show(c.previous[key])} />
                    {/* Issue 39: what the revenue is made of: goods (after discounts), shipping and tax apart. */}
                    {key === 'revenue' && c.current.revenue > 0 && (
                      <span className={styles.revenueParts} data-testid={`revenue-parts-${c.code}`}>
                        {`goods ${formatMoney(c.current.goods, c.symbol)} · shipping ${formatMoney(c.current.shipping, c.symbol)} · tax ${formatMoney(c.current.tax, c.symbol)}`}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
      <section className={styles.kpi} aria-label="New customers" data-testid="kpi-newCustomers">
        <h3 className={styles.kpiTitle}>New customers</h3>
        <ul className={styles.kpiList}>
          <li>
            <span className={styles.figure}>{count(newCustomers.current)}</span>
            <Change current={newCustomers.current} previous={newCustomers.previous} shown={count(newCustomers.previous)} />
          </li>
        </ul>
      </section>
    </div>
  );
}
