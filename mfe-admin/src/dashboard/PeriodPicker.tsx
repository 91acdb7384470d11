import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, inputClass, type InsightPeriod } from '@shop/shared';
import type { InsightChoice } from './useInsight';
import styles from './Insight.module.css';
import { INSIGHT_MAX_DAYS } from '@shop/shared/src/contract';

const LABELS: Record<InsightPeriod, string> = { today: 'Today', week: 'Week', month: 'Month', year: 'Year' };
const PERIODS = Object.keys(LABELS) as InsightPeriod[];
const DAY_MS = 86_400_000;

/** Why a custom range cannot be asked for, or null (the API says the same with a 400). */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both dates';
  const [a, b] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
  if (Number.isNaN(a) || Number.isNaN(b)) return 'Choose both dates';
  if (a > b) return 'The start must not be after the end';
  if ((b - a) / DAY_MS + 1 > INSIGHT_MAX_DAYS) return 'A range is at most 5 years';
  return null;
}

/**
 * Today, Week (the last 7 days), Month (30), Year (365) or a custom range of two dates; the custom
 * range is asked for once both dates make a range (Apply, or Enter in a date).
 */
export function PeriodPicker({ choice, onChoose, currentRange }: { choice: InsightChoice; onChoose: (c: InsightChoice) => void; currentRange?: { from: string; to: string } }) {
  const custom = !('period' in choice);
  const [open, setOpen] = useState(custom);
  const [from, setFrom] = useState(custom ? choice.from : (currentRange?.from ?? ''));
  const [to, setTo] = useState(custom ? choice.to : (currentRange?.to ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // Opening the custom form starts from the range on screen.
  useEffect(() => {
    if (!custom && !open && currentRange) {
      setFrom(currentRange.from);
      setTo(currentRange.to);
    }
  }, [custom, open, currentRange]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(from, to);
    setProblem(why);
    if (!why) onChoose({ from, to });
  };
  const pressed = (p: InsightPeriod) => !open && 'period' in choice && choice.period === p;

  return (
    <div className={styles.picker}>
      <fieldset className={styles.segments}>
        <legend className="visually-hidden">Period</legend>
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.segment}
            aria-pressed={pressed(p)}
            onClick={() => {
              setOpen(false);
              setProblem(null);
              onChoose({ period: p });
            }}
          >
            {LABELS[p]}
          </button>
        ))}
        <button type="button" className={styles.segment} aria-pressed={open} aria-expanded={open} aria-controls={`${id}-range`} onClick={() => setOpen(true)}>
          Custom range
        </button>
      </fieldset>
      {open && (
        <form id={`${id}-range`} className={styles.rangeForm} onSubmit={apply} noValidate>
          <label className={styles.dateField}>
            <span>From</span>
            <input type="date" className={inputClass} value={from} max={to || undefined} onChange={(e) => { setFrom(e.target.value); setProblem(null); }} aria-invalid={Boolean(problem)} aria-describedby={problem ? `${id}-problem` : undefined} />
          </label>
          <label className={styles.dateField}>
            <span>To</span>
            <input type="date" className={inputClass} value={to} min={from || undefined} onChange={(e) => { setTo(e.target.value); setProblem(null); }} aria-invalid={Boolean(problem)} aria-describedby={problem ? `${id}-problem` : undefined} />
          </label>
          <Button type="submit" size="small">Apply</Button>
          {problem && <p id={`${id}-problem`} className={styles.problem} role="alert">{problem}</p>}
        </form>
      )}
    </div>
  );
}
