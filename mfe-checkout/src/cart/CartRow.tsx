import { PriceTag, useSelectedCurrency, useCurrencies, type FragmentProps } from '@shop/shared';
import { cartPrices } from './cartLines';
import { ItemName, ItemThumb } from './ItemSummary';
import { QuantityControl } from './QuantityControl';
import { useCartActions } from './useCartActions';
import styles from './Cart.module.css';
import { useT } from '../messages';

export type CartRowProps = FragmentProps['checkout/CartRow'];

/** One cart line as a self-contained row (a fragment other apps embed). */
export default function CartRow({ item, adminView = false, currencyId }: CartRowProps) {
  const t = useT();
  const selected = useSelectedCurrency();
  const currencies = useCurrencies();
  const currency = (currencyId && currencies.find((c) => c._id === currencyId)) || selected;
  const id = currencyId ?? currency?._id ?? '';
  const { busyId, remove, changeQuantity } = useCartActions();
  const busy = busyId === item._id;
  const [{ unit, total }] = cartPrices([item], id).lines;

  return (
    <div className={styles.row} data-admin-view={adminView || undefined}>
      <ItemThumb item={item} size={56} />
      <div className={styles.rowMain}>
        <ItemName item={item} />
        <span className={styles.rowPrice}>
          {adminView ? `${item.quantity} x ` : ''}
          <PriceTag price={unit} currency={currency} inline />
        </span>
      </div>
      {!adminView && <QuantityControl quantity={item.quantity} title={item.product.title} max={item.availableQuantity} disabled={busy} onChange={(q) => changeQuantity(item._id, q)} />}
      <span className={styles.lineTotal}><PriceTag price={total} currency={currency} inline /></span>
      {!adminView && (
        <button type="button" className={styles.remove} disabled={busy} onClick={() => remove(item._id)} aria-label={t('cart.removeItem', { title: item.product.title })}>
          ×
        </button>
      )}
    </div>
  );
}
