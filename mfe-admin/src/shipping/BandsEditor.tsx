import type { ShippingRateType } from '@shop/shared';
import { inputClass } from '@shop/shared';
import styles from './Shipping.module.css';
import { bandProblems, withBandAdded, withBandRemoved, type BandDraft } from './bands';

export interface BandsEditorProps {
  type: ShippingRateType;
  /** The currency the bands are priced in: its code names the inputs, its symbol prefixes amounts. */
  currency: { code: string; symbol: string };
  bands: BandDraft[];
  onChange: (bands: BandDraft[]) => void;
  /** Show what is wrong with each row (once the admin asked to save). */
  showProblems?: boolean;
  /** The server's words for this rate (a 400's `fields`), shown under the table. */
  serverError?: string;
}

/**
 * Issue 39: one currency's rate of a shipping method. Flat: one price. By weight or by the order's value:
 * bands, each "up to" a bound (grams, or the currency's amount) at a price, the last one open ("and above"),
 * so that every parcel has a price; bounds must rise (no overlap, no gap). A dense table, every input
 * labelled for a screen reader, rows added before the open one and removed by their own button.
 */
export function BandsEditor({ type, currency, bands, onChange, showProblems = false, serverError }: BandsEditorProps) {
  const problems = showProblems ? bandProblems(type, bands) : {};
  const unit = type === 'weight' ? 'g' : currency.symbol;
  const set = (index: number, field: keyof BandDraft, value: string) => onChange(bands.map((b, i) => (i === index ? { ...b, [field]: value } : b)));
  const errorId = (i: number, field: keyof BandDraft) => `band-${currency.code}-${i}-${field}-error`;

  if (type === 'flat') {
    const problem = problems[0]?.amount;
    return (
      <div className={styles.flat}>
        <label className={styles.bandLabel}>
          <span>{currency.symbol}</span>
          <input
            className={`${inputClass} ${styles.amount}`}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            aria-label={`Flat price in ${currency.code}`}
            value={bands[0]?.amount ?? ''}
            aria-invalid={Boolean(problem) || undefined}
            aria-describedby={problem ? errorId(0, 'amount') : undefined}
            onChange={(e) => set(0, 'amount', e.target.value)}
          />
        </label>
        {problem && <span id={errorId(0, 'amount')} className={styles.fieldError}>{problem}</span>}
        {serverError && <p className={styles.fieldError} role="alert">{serverError}</p>}
      </div>
    );
  }

  return (
    <div className={styles.bands}>
      <table className={styles.bandTable}>
        <caption className="visually-hidden">{`Bands in ${currency.code} by ${type === 'weight' ? 'parcel weight' : 'order value'}`}</caption>
        <thead>
          <tr>
            <th scope="col">{type === 'weight' ? 'Up to (grams)' : `Order up to (${currency.symbol})`}</th>
            <th scope="col">{`Price (${currency.symbol})`}</th>
            <th scope="col"><span className="visually-hidden">Remove</span></th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band, i) => {
            const last = i === bands.length - 1;
            const p = problems[i] ?? {};
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a band is its place in the list (bounds change as they are typed)
              <tr key={i}>
                <td>
                  {last ? (
                    <span className={styles.open}>{i === 0 ? 'Any' : 'And above'}</span>
                  ) : (
                    <>
                      <input
                        className={`${inputClass} ${styles.bound}`}
                        type="number"
                        inputMode={type === 'weight' ? 'numeric' : 'decimal'}
                        min="0"
                        step={type === 'weight' ? '1' : '0.01'}
                        aria-label={`Band ${i + 1} up to, ${type === 'weight' ? 'grams' : currency.code}`}
                        value={band.upTo}
                        aria-invalid={Boolean(p.upTo) || undefined}
                        aria-describedby={p.upTo ? errorId(i, 'upTo') : undefined}
                        onChange={(e) => set(i, 'upTo', e.target.value)}
                      />
                      <span className={styles.unit} aria-hidden="true">{unit}</span>
                      {p.upTo && <span id={errorId(i, 'upTo')} className={styles.fieldError}>{p.upTo}</span>}
                    </>
                  )}
                </td>
                <td>
                  <input
                    className={`${inputClass} ${styles.amount}`}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    aria-label={`Band ${i + 1} price in ${currency.code}`}
                    value={band.amount}
                    aria-invalid={Boolean(p.amount) || undefined}
                    aria-describedby={p.amount ? errorId(i, 'amount') : undefined}
                    onChange={(e) => set(i, 'amount', e.target.value)}
                  />
                  {p.amount && <span id={errorId(i, 'amount')} className={styles.fieldError}>{p.amount}</span>}
                </td>
                <td>
                  {!last && (
                    <button type="button" className={styles.removeBand} aria-label={`Remove band ${i + 1} in ${currency.code}`} onClick={() => onChange(withBandRemoved(bands, i))}>
                      ×
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className={styles.addBand} onClick={() => onChange(withBandAdded(bands))} disabled={bands.length >= 50}>
        {`+ Add a band in ${currency.code}`}
      </button>
      {serverError && <p className={styles.fieldError} role="alert">{serverError}</p>}
    </div>
  );
}
