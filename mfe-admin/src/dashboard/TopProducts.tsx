import { formatMoney, Link, type InsightAnswer, type InsightProduct, productEditPath } from '@shop/shared';
import styles from './Insight.module.css';

function Name({ p }: { p: InsightProduct }) {
  return p.productId ? (
    <Link to={productEditPath(p.productId)} className={styles.link}>{p.title}</Link>
  ) : (
    <span>{p.title} <span className={styles.muted}>(deleted)</span></span>
  );
}

/** The period's best sellers: by revenue in the chosen currency, and by units over every currency. */
export function TopProducts({ top, code }: { top: InsightAnswer['topProducts']; code: string | undefined }) {
  const revenue = top.byRevenue.find((r) => r.code === code) ?? top.byRevenue[0];
  return (
    <div className={styles.tops}>
      <div data-testid="top-revenue">
        <h3 className={styles.subTitle}>By revenue{revenue ? ` (${revenue.code})` : ''}</h3>
        {!revenue ? (
          <p className={styles.muted}>No sales in this period</p>
        ) : (
          <ol className={styles.topList}>
            {revenue.products.map((p) => (
              <li key={p.productId ?? p.slug}>
                <Name p={p} />
                <span className={styles.figure}>{formatMoney(p.revenue, revenue.symbol)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div data-testid="top-units">
        <h3 className={styles.subTitle}>By units</h3>
        {top.byUnits.length === 0 ? (
          <p className={styles.muted}>No sales in this period</p>
        ) : (
          <ol className={styles.topList}>
            {top.byUnits.map((p) => (
              <li key={p.productId ?? p.slug}>
                <Name p={p} />
                <span className={styles.figure}>{p.units.toLocaleString('en-US')} <span className={styles.muted}>{p.units === 1 ? 'unit' : 'units'}</span></span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <p className={`${styles.muted} ${styles.note}`}>Revenue: line totals after product discounts, before order discounts and coupons.</p>
    </div>
  );
}
