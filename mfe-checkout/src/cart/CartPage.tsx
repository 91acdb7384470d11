import type { ReactNode } from 'react';
import { Link, Button, EmptyState, PriceTag, TaxNote, Spinner, buttonClass, PAGE_HEADS, useFormat, useDocumentTitle, useSelectedCurrency, useSessionValue, type CartItem, ROUTE_PATHS } from '@shop/shared';
import { useCart } from '../state/sessionSync';
import { CouponField } from '../coupon/CouponField';
import { OrderTotals } from '../checkout/OrderTotals';
import { useOrderPreview } from '../checkout/useCheckoutData';
import { fetchCart } from './cartState';
import { blocksOrder, cartPrices } from './cartLines';
import { ItemName, ItemThumb } from './ItemSummary';
import { QuantityControl } from './QuantityControl';
import { useCartActions } from './useCartActions';
import styles from './Cart.module.css';
import { useT } from '../messages';

export { CHECKOUT_DISCOUNTS_NOTE, EMPTY_CART, STOCK_SHORT } from '../messages/specTexts';


/** /cart: the table of SPEC §2 and the cart totals. */
export default function CartPage() {
  const t = useT();
  useDocumentTitle(PAGE_HEADS['checkout/CartPage']);
  const { price } = useFormat();
  const { items, status, error } = useCart();
  const currency = useSelectedCurrency();
  const { busyId, remove, changeQuantity } = useCartActions();
  const currencyId = currency?._id ?? '';
  const symbol = currency?.symbol ?? '';
  const prices = cartPrices(items, currencyId);
  const { subtotal } = prices;
  // Issue 38: the totals checkout will charge (discounts, the coupon), asked of the server once signed in.
  const { token } = useSessionValue();
  const { preview, error: previewError } = useOrderPreview(token && subtotal !== undefined ? currencyId : undefined, items);

  let body: ReactNode;
  if (status === 'failed' && !items.length) {
    body = (
      <div className={styles.failed} role="alert">
        <p>{error}</p>
        <Button variant="secondary" onClick={() => void fetchCart()}>{t('cart.tryAgain')}</Button>
      </div>
    );
  } else if ((status === 'idle' || status === 'loading') && !items.length) {
    body = <Spinner label={t('cart.loading')} />;
  } else if (!items.length) {
    body = (
      <div className={styles.emptyBlock}>
        <EmptyState>{t('cart.empty')}</EmptyState>
        <Link to={ROUTE_PATHS.shop} className={buttonClass('secondary')}>{t('cart.goToShop')}</Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.layout}>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('cart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col"><span className="visually-hidden">{t('cart.remove')}</span></th>
                <th scope="col"><span className="visually-hidden">{t('cart.image')}</span></th>
                <th scope="col">{t('cart.product')}</th>
                <th scope="col">{t('cart.price')}</th>
                <th scope="col">{t('cart.quantity')}</th>
                <th scope="col">{t('cart.total')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item: CartItem, i) => (
                <tr key={item._id} aria-busy={busyId === item._id} data-blocked={blocksOrder(item) || undefined}>
                  <td className={styles.removeCell}>
                    <button type="button" className={styles.remove} disabled={busyId === item._id} onClick={() => remove(item._id)} aria-label={t('cart.removeItem', { title: item.product.title })}>
                      ×
                    </button>
                  </td>
                  <td className={styles.imageCell}><ItemThumb item={item} /></td>
                  <td className={styles.nameCell}><ItemName item={item} /></td>
                  <td data-label={t('cart.price')}><PriceTag price={prices.lines[i].unit} currency={currency} inline /></td>
                  <td data-label={t('cart.quantity')}>
                    <QuantityControl quantity={item.quantity} title={item.product.title} max={item.availableQuantity} disabled={busyId === item._id} onChange={(q) => changeQuantity(item._id, q)} />
                  </td>
                  <td data-label={t('cart.total')} className={styles.lineTotal}><PriceTag price={prices.lines[i].total} currency={currency} inline /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <aside className={styles.totals} aria-labelledby="cart-totals-title">
          <h2 id="cart-totals-title">{t('cart.totals')}</h2>
          {preview ? (
            <OrderTotals symbol={symbol} totals={preview} testId="cart" />
          ) : (
            <dl>
              <div className={styles.totalRow}>
                <dt>
                  {t('cart.subtotal')} <TaxNote currency={currency} />
                </dt>
                <dd data-testid="cart-subtotal">{price(subtotal, symbol)}</dd>
              </div>
            </dl>
          )}
          {subtotal === undefined ? (
            <p className={styles.unavailable} role="alert">{t('cart.unavailable', { code: currency?.code ?? t('cart.thisCurrency') })}</p>
          ) : (
            !preview && <p className={styles.note}>{t('cart.discountsNote')}</p>
          )}
          {items.some(blocksOrder) && <p className={styles.unavailable} role="alert">{t('cart.stockShort')}</p>}
          {token && <CouponField preview={preview} failed={previewError !== null} symbol={symbol} />}
          <Link to={ROUTE_PATHS.checkout} className={buttonClass()}>{t('cart.proceed')}</Link>
        </aside>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" className="visually-hidden">{t('cart.title')}</h1>
      {body}
    </section>
  );
}
