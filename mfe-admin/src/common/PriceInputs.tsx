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

/** A typed amount, or undefined for a blank (or unreadable) one: a blank is no price, never 0. */
export function amountOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.max(0, amount) : undefined;
}

/**
 * Form strings to the API's price list (a base price, an option's increase): the currencies with an
 * amount typed. A blank currency is left out, so the product (or the option, when it costs extra
 * elsewhere) is not available in it: a forgotten price is never sold at 0 (issue 16).
 */
export function toPriceList(currencies: Currency[], values: PriceDraft): Array<{ currType: string; amount: number }> {
  return currencies.flatMap((c) => {
    const amount = amountOf(values[c._id]);
    return amount === undefined ? [] : [{ currType: c._id, amount }];
  });
}

/** Form strings to a discount's values: one per currency, 0 when blank (it takes nothing off there). */
export function toDiscountValues(currencies: Currency[], values: PriceDraft): Array<{ currType: string; amount: number }> {
  return currencies.map((c) => ({ currType: c._id, amount: amountOf(values[c._id]) ?? 0 }));
}

/** A fetched price list to form strings (currType may arrive as an object). */
export function fromPriceList(list: Array<{ currType: string | { _id: string }; amount: number }> | undefined): PriceDraft {
  const draft: PriceDraft = {};
  for (const p of list ?? []) draft[typeof p.currType === 'string' ? p.currType : p.currType._id] = String(p.amount);
  return draft;
}

/** Whether saving `a` would send the same prices as `b` holds (a blank and a missing price are the same; 0 is not). */
export function samePrices(currencies: Currency[], a: PriceDraft, b: PriceDraft): boolean {
  return currencies.every((c) => amountOf(a[c._id]) === amountOf(b[c._id]));
}
