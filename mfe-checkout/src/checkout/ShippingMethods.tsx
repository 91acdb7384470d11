import { Spinner, useFormat, type ShippingOption } from '@shop/shared';
import { useT } from '../messages';
import styles from './Checkout.module.css';

/** What the checkout knows of the methods for the address's country (useShippingOptions). */
export type ShippingChoice =
  /** No country chosen yet. */
  | { state: 'noCountry' }
  | { state: 'loading' }
  /** No zone covers the country: nothing can be ordered to it. */
  | { state: 'notShipped' }
  /** The methods could not be read (the connection, the server). */
  | { state: 'failed' }
  /** The methods (none at all: the shop has not set shipping up, and checkout goes on as before). */
  | { state: 'ready'; options: ShippingOption[] };

interface Props {
  choice: ShippingChoice;
  /** The country's name in the page's language. */
  countryName: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  symbol: string;
  /** The server refused the method chosen (it no longer applies): its words, shown until another is chosen. */
  problem?: string | null;
}

/**
 * Issue 39: after the address, the ways its country can be shipped to, with their price and estimate: a
 * radio group (arrow keys move between methods, as any radio group), cheapest first as the server lists them.
 */
export function ShippingMethods({ choice, countryName, selectedId, onSelect, symbol, problem }: Props) {
  const t = useT();
  const { money } = useFormat();
  // A shop without shipping set up says nothing about it (checkout as before issue 39).
  if (choice.state === 'ready' && choice.options.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="shipping-method-title" data-testid="shipping-methods">
      <h2 id="shipping-method-title">{t('shipping.title')}</h2>
      {choice.state === 'noCountry' && <p className={styles.muted}>{t('shipping.chooseCountry')}</p>}
      {choice.state === 'loading' && <Spinner label={t('shipping.loading')} />}
      {choice.state === 'notShipped' && (
        <p className={styles.error} role="alert" data-testid="not-shipped">{t('shipping.notShipped', { country: countryName })}</p>
      )}
      {choice.state === 'failed' && <p className={styles.error} role="alert">{t('shipping.failed')}</p>}
      {choice.state === 'ready' && (
        <fieldset className={styles.methods}>
          <legend className="visually-hidden">{t('shipping.legend', { country: countryName })}</legend>
          {choice.options.map((option) => (
            <label key={option._id} className={styles.method} data-selected={option._id === selectedId || undefined}>
              <input type="radio" name="shipping-method" value={option._id} checked={option._id === selectedId} onChange={() => onSelect(option._id)} />
              <span className={styles.methodText}>
                <strong>{option.name}</strong>
                {option.estimate && <span className={styles.muted}>{option.estimate}</span>}
              </span>
              <span className={styles.methodPrice} data-testid="method-price">
                {option.amount === 0 ? t('totals.free') : money(option.amount, symbol)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {problem && <p className={styles.error} role="alert" data-testid="method-problem">{problem}</p>}
    </section>
  );
}
