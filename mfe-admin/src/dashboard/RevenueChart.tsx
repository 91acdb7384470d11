import { useId } from 'react';
import { formatMoney, type InsightSeries } from '@shop/shared';
import { dayLabel } from './days';
import styles from './Insight.module.css';

const WIDTH = 1000;
const HEIGHT = 200;

/**
 * One currency's revenue per day as columns: hand-made SVG (no chart library), stretched to the card's
 * width, its labels in HTML so they stay legible at any width. Named by a title and a summary for screen
 * readers, with the figures as a table under 'Show as table'.
 */
export function RevenueChart({ days, series }: { days: string[]; series: InsightSeries }) {
  const id = useId();
  const max = Math.max(0, ...series.revenue);
  const total = series.revenue.reduce((a, b) => a + b, 0);
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(slot * 0.72, Math.min(slot, 2));
  const money = (v: number) => formatMoney(v, series.symbol);
  // Over two months, the year tells which November.
  const long = days.length > 60;
  const shortDay = (d: string) => dayLabel(d, long);
  const best = max > 0 ? days[series.revenue.indexOf(max)] : null;
  const summary = `${money(total)} over ${days.length} ${days.length === 1 ? 'day' : 'days'}, ${shortDay(days[0])} to ${shortDay(days[days.length - 1])}${best ? `; best day ${shortDay(best)} with ${money(max)}` : ''}`;
  const labels = days.length > 2 ? [days[0], days[Math.floor((days.length - 1) / 2)], days[days.length - 1]] : days;

  return (
    <figure className={styles.chart} data-testid={`revenue-chart-${series.code}`}>
      <div className={styles.chartArea}>
        <span className={styles.chartMax} aria-hidden="true">{money(max)}</span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title ${id}-desc`} className={styles.chartSvg}>
          <title id={`${id}-title`}>{`Revenue by day in ${series.code}`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={styles.chartAxis} />
          <line x1="0" x2={WIDTH} y1="0.5" y2="0.5" className={styles.chartGrid} />
          <line x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className={styles.chartGrid} />
          {series.revenue.map((v, i) => {
            const h = max > 0 ? (HEIGHT * v) / max : 0;
            return (
              <rect key={days[i]} x={i * slot + (slot - bar) / 2} y={HEIGHT - h} width={bar} height={h} className={styles.chartBar} data-day={days[i]} data-value={v}>
                <title>{`${shortDay(days[i])}: ${money(v)}, ${series.orders[i].toLocaleString('en-US')} ${series.orders[i] === 1 ? 'order' : 'orders'}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className={styles.chartDays} aria-hidden="true">
        {labels.map((d) => <span key={d}>{shortDay(d)}</span>)}
      </div>
      <figcaption className={styles.chartCaption}>{summary}</figcaption>
      <details className={styles.chartTable}>
        <summary>Show as table</summary>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{`Revenue and orders by day in ${series.code}`}</caption>
            <thead>
              <tr><th scope="col">Day</th><th scope="col" className={styles.num}>Revenue</th><th scope="col" className={styles.num}>Orders</th></tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d}>
                  <th scope="row">{shortDay(d)}</th>
                  <td className={styles.num}>{money(series.revenue[i])}</td>
                  <td className={styles.num}>{series.orders[i].toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
