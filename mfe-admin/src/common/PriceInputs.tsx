import { useRef } from 'react';
import type { Currency } from '@shop/shared';
import { Field } from '@shop/shared';
import styles from './admin.module.css';

export type PriceDraft = Record<string, string>;

export interface PriceInputsProps {
  legend: string;
  currencies: Currency[];
  values: PriceDraft;
  onChange: (next: PriceDraft) => void;
  /** Prefix of each input's accessible name, e.g. "Base price". */
  name?: string;
  /**
   * Exchange rates from the first currency (code -> rate). When given, typing the first currency's
   * amount pre-fills the other currencies the user has not typed in yet.
   */
  rates?: Record<string, number> | null;
}

/** One numeric input per currency, labelled with the currency's symbol (and code). */
export function PriceInputs({ legend, currencies, values, onChange, name = legend, rates }: PriceInputsProps) {
  const touched = useRef(new Set<string>());
  const change = (currencyId: string, value: string) => {
    const next = { ...values, [currencyId]: value };
    const first = currencies[0];
    if (first && currencyId === first._id && rates) {
      const amount = Number(value);
      for (const c of currencies.slice(1)) {
        const rate = rates[c.code.toUpperCase()];
        if (touched.current.has(c._id) || !rate) continue;
        next[c._id] = value.trim() === '' || !Number.isFinite(amount) ? '' : (Math.round(amount * rate * 100) / 100).toFixed(2);
      }
    } else {
      touched.current.add(currencyId);
    }
    onChange(next);
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {currencies.length === 0 && <p className={styles.muted}>Add a currency first.</p>}
      <div className={styles.grid}>
        {currencies.map((c) => (
          <Field
            key={c._id}
            label={`${c.symbol} (${c.code})`}
            aria-label={`${name} in ${c.code}`}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={values[c._id] ?? ''}
            onChange={(e) => change(c._id, e.target.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Form strings to the API's price list: one entry per currency, 0 when blank. */
export function toPriceList(currencies: Currency[], values: PriceDraft): Array<{ currType: string; amount: number }> {
  return currencies.map((c) => ({ currType: c._id, amount: Math.max(0, Number(values[c._id]) || 0) }));
}

/** A fetched price list to form strings (currType may arrive as an object). */
export function fromPriceList(list: Array<{ currType: string | { _id: string }; amount: number }> | undefined): PriceDraft {
  const draft: PriceDraft = {};
  for (const p of list ?? []) draft[typeof p.currType === 'string' ? p.currType : p.currType._id] = String(p.amount);
  return draft;
}

export function samePrices(currencies: Currency[], a: PriceDraft, b: PriceDraft): boolean {
  return currencies.every((c) => (Number(a[c._id]) || 0) === (Number(b[c._id]) || 0));
}
