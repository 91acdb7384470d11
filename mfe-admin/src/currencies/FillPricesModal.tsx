import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, call, apiStatus, Button, Field, Modal, notify, urlOf, useLoad, type Currency } from '@shop/shared';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';

/** POST /currencies/:id/fill-prices's answer: how many prices and option increases were filled. */
export interface FillAnswer {
  currency: Currency;
  from: string;
  factor: number;
  prices: number;
  optionIncreases: number;
}

export interface FillPricesModalProps {
  /** The currency whose missing prices are filled; none: closed. */
  currency: Currency | null;
  currencies: Currency[];
  onClose: () => void;
  /** After prices were filled (the list's counts change). */
  onFilled?: () => void;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Issue 19: a currency's missing prices (every product's base price and option increase it has none
 * for) filled from another currency's, times the exchange rate or a fixed factor, in one call (one
 * transaction on the server). Prices already set are kept. Until filled, the shop shows the product as
 * not priced in it ('Not Available'), never 0.00.
 */
export function FillPricesModal({ currency, currencies, onClose, onFilled }: FillPricesModalProps) {
  const sources = currencies.filter((c) => c._id !== currency?._id);
  const [from, setFrom] = useState('');
  const [mode, setMode] = useState<'rate' | 'factor'>('rate');
  const [factor, setFactor] = useState('');
  // Issue 38 (14): the rates provider unreachable (offline, or away): said here, with the fixed factor offered.
  const [ratesDown, setRatesDown] = useState(false);
  const [busy, save] = useSaving();
  const fromId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another currency is shown, not when the list is fetched again
  useEffect(() => {
    if (!currency) return;
    setFrom((sources.find((c) => c.code === 'USD') ?? sources[0])?.code ?? '');
    setMode('rate');
    setFactor('');
    setRatesDown(false);
  }, [currency]);
  const rates = useLoad(currency && from && mode === 'rate' && urlOf('rates', { params: { base: from } }), () => call('rates', { params: { base: from } }).then(({ data }) => data));
  const rate = currency ? rates.data?.rates?.[currency.code.toUpperCase()] : undefined;
  const offline = ratesDown || rates.status === 'failed' || (rates.status === 'succeeded' && !rate);
  const switchToFactor = () => {
    setMode('factor');
    setRatesDown(false);
  };

  const factorValue = Number(factor.replace(',', '.'));
  const factorOk = factor.trim() !== '' && Number.isFinite(factorValue) && factorValue > 0 && factorValue <= 1_000_000;
  const disabled = busy || !from || (mode === 'factor' && !factorOk);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || !currency) return;
    const body = mode === 'rate' ? { from, useRate: true } : { from, factor: factorValue };
    const answer = await save(call('fillCurrencyPrices', { params: { id: currency._id }, body }), {
      pending: 'Filling Prices...',
      success: 'Prices Filled Successfully!',
      // The rates provider may be away (503): its reason says so, and a fixed factor still works.
      error: (error: unknown) => {
        const status = apiStatus(error);
        if (mode === 'rate' && (status === 503 || status === 400 || status === undefined)) setRatesDown(true);
        const reason = status && status >= 400 && status !== 401 && status !== 500 ? apiErrorMessage(error, '') : '';
        return `Failed to Fill Prices.${reason ? ` ${reason}` : ''}`;
      },
    });
    if (!answer) return;
    const { prices, optionIncreases } = answer.data;
    notify.info(`${currency.code}: ${plural(prices, 'price', 'prices')} and ${plural(optionIncreases, 'option increase', 'option increases')} filled.`);
    onFilled?.();
    onClose();
  };

  return (
    <Modal open={currency !== null} title={`Fill prices in ${currency?.code ?? ''}`} onClose={onClose} dirty={factor.trim() !== ''}>
      <form className={styles.form} onSubmit={submit}>
        <p className={styles.muted}>
          Every product without a price in {currency?.name} gets one from another currency, and so does every option increase. Prices already set are kept.
          Until a product has one, the shop shows it as not available in {currency?.code}.
        </p>
        <label className={styles.label} htmlFor={fromId}>From</label>
        <select id={fromId} className={styles.select} value={from} onChange={(e) => setFrom(e.target.value)}>
          {sources.map((c) => (
            <option key={c._id} value={c.code}>{c.name} ({c.code})</option>
          ))}
        </select>
        <fieldset className={styles.fieldset} style={{ marginTop: 'var(--space-4)' }}>
          <legend>Convert by</legend>
          <label className={styles.check}>
            <input type="radio" name="fill-mode" checked={mode === 'rate'} onChange={() => setMode('rate')} />
            The exchange rate{mode === 'rate' && rate ? ` (1 ${from} = ${rate} ${currency?.code}${rates.data?.stale ? ', last known' : ''})` : ''}
          </label>
          {mode === 'rate' && offline && (
            <div className={styles.notice} role="alert">
              <p>
                The exchange rate from {from} to {currency?.code} cannot be had right now (the shop is offline or the rates provider is away). Fill by a fixed factor
                instead: you give how many {currency?.code} one {from} is worth.
              </p>
              <Button size="small" onClick={switchToFactor}>Use a fixed factor</Button>
            </div>
          )}
          <label className={styles.check}>
            <input type="radio" name="fill-mode" checked={mode === 'factor'} onChange={() => setMode('factor')} />
            A fixed factor
          </label>
          {mode === 'factor' && (
            <Field
              label={`Factor (1 ${from} = ? ${currency?.code ?? ''})`}
              inputMode="decimal"
              value={factor}
              onChange={(e) => setFactor(e.target.value)}
              error={factor.trim() !== '' && !factorOk ? 'Enter a number above 0, up to 1,000,000' : undefined}
              placeholder="0.92"
            />
          )}
        </fieldset>
        <div className={styles.footer}>
          <Button variant="secondary" onClick={onClose}>Not now</Button>
          <Button type="submit" disabled={disabled || (mode === 'rate' && offline)}>Fill prices</Button>
        </div>
      </form>
    </Modal>
  );
}
