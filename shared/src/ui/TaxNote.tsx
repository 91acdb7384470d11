import type { Currency } from '@shop/contract';
import { useT } from '../messages';
import styles from './priceTag.module.css';

/**
 * Issue 39: beside a price, whether the currency's prices include tax ("incl. VAT", EUR/GBP/INR) or tax
 * is added at checkout ("+ tax", USD); nothing when the currency does not say. Small and calm.
 */
export function TaxNote({ currency }: { currency: Pick<Currency, 'pricesIncludeTax'> | null | undefined }) {
  const t = useT();
  if (currency?.pricesIncludeTax === undefined) return null;
  return (
    <span className={styles.taxNote} data-testid="tax-note">
      {t(currency.pricesIncludeTax ? 'price.inclVat' : 'price.plusTax')}
    </span>
  );
}
