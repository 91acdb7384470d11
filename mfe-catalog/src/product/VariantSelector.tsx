import { increaseIn, useFormat, type Currency, type Variant } from '@shop/shared';
import styles from './VariantSelector.module.css';
import { useT } from '../messages';
import { isSelectable } from '@shop/shared/src/contract';

interface VariantSelectorProps {
  variant: Variant;
  selected: string | undefined;
  currency: Currency | undefined;
  /** Options none of whose combinations is in stock (issue 17): shown as out of stock. */
  soldOut?: ReadonlySet<string>;
  onSelect: (optionId: string) => void;
}

/** One variant type as a group of option chips (radio buttons); unavailable options are disabled. */
export function VariantSelector({ variant, selected, currency, soldOut, onSelect }: VariantSelectorProps) {
  const t = useT();
  const { money } = useFormat();
  return (
    <fieldset className={styles.variant}>
      <legend className={styles.legend}>
        {variant.type}: <span className={styles.chosen}>{variant.options.find((o) => o._id === selected)?.name}</span>
      </legend>
      <div className={styles.options}>
        {variant.options.map((option) => {
          // The one money rule (shared increaseIn): an option with a surcharge somewhere but none in
          // this currency cannot be priced in it, so it cannot be bought in it.
          const extra = currency ? increaseIn(option, currency._id) : 0;
          const priced = extra !== undefined;
          const inStock = option.inStock && !soldOut?.has(option._id);
          const available = isSelectable(option) && priced && inStock;
          return (
            <label key={option._id} className={`${styles.option} ${available ? '' : styles.disabled}`}>
              <input type="radio" name={`variant-${variant._id}`} value={option._id} checked={selected === option._id} disabled={!available} onChange={() => onSelect(option._id)} />
              <span className={styles.chip}>
                {option.name}
                {extra !== undefined && extra > 0 && currency && <span className={styles.extra}> +{money(extra, currency.symbol)}</span>}
                {!available && <span className={styles.note}> ({t(!priced ? 'product.notAvailable' : inStock ? 'product.unavailable' : 'product.outOfStock')})</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
