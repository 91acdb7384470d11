import { useState } from 'react';
import { Link, Spinner, ROUTE_PATHS } from '@shop/shared';
import { rangeLabel } from './days';
import { KpiCards } from './KpiCards';
import { PeriodPicker } from './PeriodPicker';
import { RecentOrders } from './RecentOrders';
import { RevenueChart } from './RevenueChart';
import { TopProducts } from './TopProducts';
import { useInsight } from './useInsight';
import styles from './Insight.module.css';

/**
 * The dashboard's insight (issue 19): the period picker and the figures against the previous period
 * (per currency), revenue by day, the top products and the latest orders (GET /report/insight).
 */
export function Insight() {
  const { choice, choose, loaded, error } = useInsight();
  const insight = loaded.data;
  const [code, setCode] = useState<string>();
  const series = insight?.revenueByDay.find((s) => s.code === code) ?? insight?.revenueByDay[0];
  const busy = loaded.status === 'loading';

  return (
    <div className={styles.insight} aria-busy={busy}>
      <section className={`${styles.card} ${styles.wide}`} aria-labelledby="insight-title">
        <div className={`${styles.head} ${styles.headTop}`}>
          <h2 id="insight-title" className={styles.title}>Sales</h2>
          <PeriodPicker choice={choice} onChoose={choose} currentRange={insight?.current} />
        </div>
        <p className={styles.range} aria-live="polite" data-testid="insight-range">
          {insight ? (
            <>
              <strong>{rangeLabel(insight.current)}</strong> compared with {rangeLabel(insight.previous)}
            </>
          ) : (
            ' '
          )}
        </p>
        {error && <p className={styles.problem} role="alert">{error}</p>}
        {insight ? <KpiCards insight={insight} /> : !error && <Spinner />}
      </section>

      {insight && (
        <>
          <section className={`${styles.card} ${styles.chartCard}`} aria-labelledby="revenue-title">
            <div className={styles.head}>
              <h2 id="revenue-title" className={styles.title}>Revenue by day</h2>
              {insight.revenueByDay.length > 1 && (
                <fieldset className={styles.segments}>
                  <legend className="visually-hidden">Currency</legend>
                  {insight.revenueByDay.map((s) => (
                    <button key={s.code} type="button" className={styles.segment} aria-pressed={s.code === series?.code} onClick={() => setCode(s.code)}>
                      {s.code}
                    </button>
                  ))}
                </fieldset>
              )}
            </div>
            {series ? <RevenueChart days={insight.days} series={series} /> : <p className={styles.muted}>No revenue in this period</p>}
          </section>

          <section className={styles.card} aria-labelledby="top-title">
            <h2 id="top-title" className={styles.title}>Top products</h2>
            <TopProducts top={insight.topProducts} code={series?.code} />
          </section>

          <section className={`${styles.card} ${styles.wide}`} aria-labelledby="recent-title">
            <div className={styles.head}>
              <h2 id="recent-title" className={styles.title}>Recent orders</h2>
              <Link to={ROUTE_PATHS.adminOrders} className={styles.link}>All orders</Link>
            </div>
            <RecentOrders orders={insight.recentOrders} />
          </section>
        </>
      )}
    </div>
  );
}
