import { setSelectedCurrency, useCurrencies, useSelectedCurrency } from '@shop/shared';
import { useT } from '../messages';
import styles from './Header.module.css';

/** Shown only when more than one currency exists; defaults to the first. */
export function CurrencySwitcher() {
  const t = useT();
  const currencies = useCurrencies();
  const selected = useSelectedCurrency();
  if (currencies.length <= 1) return null;
  return (
    <label className={styles.currency}>
      <span className="visually-hidden">{t('header.currency')}</span>
      <select value={selected?._id ?? ''} onChange={(e) => setSelectedCurrency(e.target.value)}>
        {currencies.map((c) => (
          <option key={c._id} value={c._id}>{c.code} {c.symbol}</option>
        ))}
      </select>
    </label>
  );
}
