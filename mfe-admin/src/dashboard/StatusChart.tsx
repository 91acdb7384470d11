import styles from './Dashboard.module.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

const WIDTH = 320;
const HEIGHT = 160;
const BASE = 130;

/** A small hand-made SVG bar chart of the status counts (no chart library). */
export function StatusChart({ bars, title }: { bars: Bar[]; title: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = WIDTH / bars.length;
  const barWidth = Math.min(48, slot * 0.5);
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`}>
        <line x1="0" x2={WIDTH} y1={BASE} y2={BASE} className={styles.axis} />
        {bars.map((b, i) => {
          const h = Math.round(((BASE - 22) * b.value) / max);
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={b.key} data-testid={`bar-${b.key}`} data-value={b.value}>
              <rect x={x} y={BASE - h} width={barWidth} height={Math.max(h, b.value ? 2 : 0)} rx="4" className={`${styles.bar} ${styles[`bar_${b.key}`]}`} />
              <text x={x + barWidth / 2} y={BASE - h - 6} textAnchor="middle" className={styles.barValue}>{b.value}</text>
              <text x={x + barWidth / 2} y={BASE + 18} textAnchor="middle" className={styles.barLabel}>{b.label.split(' + ')[0]}</text>
            </g>
          );
        })}
      </svg>
      <figcaption className="visually-hidden">{title}</figcaption>
    </figure>
  );
}
