import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, inputClass, useFormat } from '@shop/shared';
import { DEFAULT_MIN_PRICE } from './shopQuery';
import styles from './PriceRange.module.css';
import { useT } from '../messages';

interface PriceRangeProps {
  min: number | undefined;
  max: number | undefined;
  /** The slider's top: the highest price in the selected currency. */
  highest: number;
  symbol: string;
  onApply: (min: number, max: number) => void;
}

const clampTo = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The sidebar price filter: a two-handle slider from 1 to the highest price, with Min/Max boxes. */
export function PriceRange({ min, max, highest, symbol, onApply }: PriceRangeProps) {
  const t = useT();
  const { money } = useFormat();
  const top = Math.max(highest, DEFAULT_MIN_PRICE + 1, max ?? 0);
  const [low, setLow] = useState(min ?? DEFAULT_MIN_PRICE);
  const [high, setHigh] = useState(max ?? top);
  const id = useId();

  useEffect(() => {
    setLow(min ?? DEFAULT_MIN_PRICE);
    setHigh(max ?? top);
  }, [min, max, top]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const a = clampTo(Math.min(low, high), 0, top);
    const b = clampTo(Math.max(low, high), 0, top);
    onApply(a, b);
  };

  const pct = (v: number) => `${((clampTo(v, DEFAULT_MIN_PRICE, top) - DEFAULT_MIN_PRICE) / (top - DEFAULT_MIN_PRICE)) * 100}%`;

  return (
    <form className={styles.range} onSubmit={apply} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.heading}>{t('price.title')}</h3>
      <div className={styles.slider} style={{ ['--from' as string]: pct(low), ['--to' as string]: pct(high) }}>
        <input type="range" aria-label={t('price.minSlider')} aria-valuetext={money(low, symbol)} min={DEFAULT_MIN_PRICE} max={top} step={1} value={clampTo(low, DEFAULT_MIN_PRICE, top)} onChange={(e) => setLow(Math.min(Number(e.target.value), high))} />
        <input type="range" aria-label={t('price.maxSlider')} aria-valuetext={money(high, symbol)} min={DEFAULT_MIN_PRICE} max={top} step={1} value={clampTo(high, DEFAULT_MIN_PRICE, top)} onChange={(e) => setHigh(Math.max(Number(e.target.value), low))} />
      </div>
      <div className={styles.boxes}>
        <label>
          <span>{t('price.min')}</span>
          <input className={inputClass} type="number" inputMode="decimal" min={0} step="any" value={Number.isFinite(low) ? low : ''} onChange={(e) => setLow(Number(e.target.value))} />
        </label>
        <label>
          <span>{t('price.max')}</span>
          <input className={inputClass} type="number" inputMode="decimal" min={0} step="any" value={Number.isFinite(high) ? high : ''} onChange={(e) => setHigh(Number(e.target.value))} />
        </label>
      </div>
      <div className={styles.footer}>
        <p className={styles.summary} aria-live="polite">
          {money(Math.min(low, high), symbol)} — {money(Math.max(low, high), symbol)}
        </p>
        <Button type="submit" size="small">{t('price.apply')}</Button>
      </div>
    </form>
  );
}
