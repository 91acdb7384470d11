import { useState } from 'react';
import { Button, call, convertMinor, Field, urlOf, useLoad, type Currency } from '@shop/shared';
import { amountOf, PriceInputs, samePrices, type PriceDraft } from '../../common/PriceInputs';
import styles from './ProductTabs.module.css';
import adminStyles from '../../common/admin.module.css';
import type { OptionDraft } from '../productDraft';

export interface OptionFormProps {
  currencies: Currency[];
  /** The option being edited; none for a new option. */
  initial?: OptionDraft;
  submitLabel: string;
  /** Rejects when the option was not saved (the form then keeps what was typed). */
  onSubmit: (option: Omit<OptionDraft, '_id'>) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * Issue 38 (15): the currencies a choice will be unavailable in: those left blank while another has an
 * increase (a blank is no price, never +0: the shop shows the choice 'Not Available' there).
 */
export function unavailableIn(currencies: Currency[], incRate: PriceDraft): Currency[] {
  const priced = currencies.filter((c) => amountOf(incRate[c._id]) !== undefined);
  return priced.length ? currencies.filter((c) => amountOf(incRate[c._id]) === undefined) : [];
}

/** The blanks filled from the first currency with an increase, times the exchange rate, rounded to the cent; null when a rate is missing. */
export function sameIncreaseByRate(currencies: Currency[], incRate: PriceDraft, rates: Record<string, number> | null): PriceDraft | null {
  const source = currencies.find((c) => amountOf(incRate[c._id]) !== undefined);
  if (!source || !rates) return null;
  const minor = Math.round(amountOf(incRate[source._id])! * 100);
  const next = { ...incRate };
  for (const c of unavailableIn(currencies, incRate)) {
    const rate = rates[c.code.toUpperCase()];
    if (!rate) return null;
    next[c._id] = (convertMinor(minor, rate) / 100).toFixed(2);
  }
  return next;
}

/** A rates answer keyed by upper-case code (positive rates only). */
function upperRates(rates: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [code, rate] of Object.entries(rates ?? {})) if (typeof rate === 'number' && rate > 0) out[code.toUpperCase()] = rate;
  return out;
}

const listOf = (codes: string[]) => (codes.length > 1 ? `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}` : codes[0] ?? '');

/** A variant option: name, isActive, inStock, incRate per currency. New needs a name; Update needs a change. */
export function OptionForm({ currencies, initial, submitLabel, onSubmit, onCancel }: OptionFormProps) {
  const [draft, setDraft] = useState<Omit<OptionDraft, '_id'>>(
    initial ? { name: initial.name, isActive: initial.isActive, inStock: initial.inStock, incRate: initial.incRate, weight: initial.weight ?? '' } : { name: '', isActive: true, inStock: true, incRate: {}, weight: '' },
  );
  const [busy, setBusy] = useState(false);
  const unchanged =
    initial !== undefined &&
    draft.name.trim() === initial.name &&
    draft.isActive === initial.isActive &&
    draft.inStock === initial.inStock &&
    (draft.weight ?? '') === (initial.weight ?? '') &&
    samePrices(currencies, draft.incRate, initial.incRate);
  const disabled = busy || !draft.name.trim() || unchanged;
  // Issue 38 (15): said before saving, with the way out: the same increase in every currency, by rate.
  const blocked = unavailableIn(currencies, draft.incRate);
  const source = currencies.find((c) => amountOf(draft.incRate[c._id]) !== undefined);
  const rates = useLoad(blocked.length > 0 && source && urlOf('rates', { params: { base: source.code } }), () =>
    call('rates', { params: { base: source!.code } }).then(({ data }) => upperRates(data?.rates)),
  );
  const filled = blocked.length ? sameIncreaseByRate(currencies, draft.incRate, rates.data ?? null) : null;
  const choice = draft.name.trim() || 'This choice';

  const submit = async () => {
    if (disabled) return;
    setBusy(true);
    try {
      await onSubmit({ ...draft, name: draft.name.trim() });
      if (!initial) setDraft({ name: '', isActive: true, inStock: true, incRate: {}, weight: '' });
    } catch {
      /* the caller's toast tells the user */
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={styles.optionForm} aria-label={initial ? `Edit option ${initial.name}` : 'New option'}>
      <Field
        label="Option name"
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div className={styles.checks}>
        <label className={adminStyles.check}>
          <input type="checkbox" checked={draft.isActive} onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })} /> Active
        </label>
        <label className={adminStyles.check}>
          <input type="checkbox" checked={draft.inStock} onChange={(e) => setDraft({ ...draft, inStock: e.target.checked })} /> In stock
        </label>
      </div>
      <PriceInputs legend="Price increase" currencies={currencies} values={draft.incRate} onChange={(incRate) => setDraft({ ...draft, incRate })} />
      {/* Issue 39: grams the choice adds to the piece's weight (a longer chain), as it adds to its price. */}
      <Field label="Weight added (grams)" type="number" inputMode="numeric" min="0" step="1" value={draft.weight ?? ''} onChange={(e) => setDraft({ ...draft, weight: e.target.value })} placeholder="0" />
      {blocked.length > 0 && source && (
        <div className={adminStyles.notice} role="status" data-testid="option-price-warning">
          <p>
            <strong>{choice} will be unavailable in {listOf(blocked.map((c) => c.code))}</strong>: it has no price increase there, so shoppers paying in{' '}
            {blocked.length > 1 ? 'those currencies' : blocked[0].code} cannot choose it. Enter an increase (0 for none), or:
          </p>
          <Button size="small" variant="secondary" disabled={!filled} onClick={() => filled && setDraft({ ...draft, incRate: filled })}>
            Same increase in every currency by rate
          </Button>
          {!filled && rates.status !== 'loading' && <p>Exchange rates from {source.code} are not available right now: type the increase in each currency instead.</p>}
        </div>
      )}
      <div className={adminStyles.rowActions}>
        <Button size="small" onClick={submit} disabled={disabled}>{submitLabel}</Button>
        {onCancel && <Button size="small" variant="secondary" onClick={onCancel}>Cancel</Button>}
      </div>
    </fieldset>
  );
}
