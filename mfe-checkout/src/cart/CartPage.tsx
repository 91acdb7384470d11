import type { ReactNode } from 'react';
import { Link, Button, EmptyState, PriceTag, Spinner, buttonClass, formatPrice, PAGE_HEADS, useDocumentTitle, useSelectedCurrency, type CartItem } from '@shop/shared';
import { useCart } from '../state/sessionSync';
import { CartCoupon } from '../coupon/CartCoupon';
import { fetchCart } from './cartState';
import { blocksOrder, cartPrices } from './cartLines';
import { ItemName, ItemThumb } from './ItemSummary';
import { QuantityControl } from './QuantityControl';
import { useCartActions } from './useCartActions';
import styles from './Cart.module.css';

export const EMPTY_CART = 'Nothing in Cart. Please select from the Shop.';

/** Shown when a line has no price in the selected currency: the order would be refused. */
export const unavailableNote = (code = 'this currency') => `Some items are not available in ${code}. Remove them or choose another currency to check out.`;
/** Under a subtotal at sale prices (issue 22): what checkout may still take off. */
export const CHECKOUT_DISCOUNTS_NOTE = 'Sale prices are included. Account discounts and your coupon are taken off at checkout.';
/** Shown when a line asks for more than is left (issue 17): the order would be refused. */
export const STOCK_SHORT = 'Some items have sold out or have fewer left than in your cart. Change or remove them to check out.';


/** /cart: the table of SPEC §2 and the cart totals. */
export default function CartPage() {
  useDocumentTitle(PAGE_HEADS['checkout/CartPage']);
  const { items, status, error } = useCart();
  const currency = useSelectedCurrency();
  const { busyId, remove, changeQuantity } = useCartActions();
  const currencyId = currency?._id ?? '';
  const symbol = currency?.symbol ?? '';
  const prices = cartPrices(items, currencyId);
  const { subtotal } = prices;

  let body: ReactNode;
  if (status === 'failed' && !items.length) {
    body = (
      <div className={styles.failed} role="alert">
        <p>{error}</p>
        <Button variant="secondary" onClick={() => void fetchCart()}>Try again</Button>
      </div>
    );
  } else if ((status === 'idle' || status === 'loading') && !items.length) {
    body = <Spinner label="Loading your cart" />;
  } else if (!items.length) {
    body = (
      <div className={styles.emptyBlock}>
        <EmptyState>{EMPTY_CART}</EmptyState>
        <Link to="/shop" className={buttonClass('secondary')}>Go to the Shop</Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.layout}>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col"><span className="visually-hidden">Remove</span></th>
                <th scope="col"><span className="visually-hidden">Image</span></th>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item: CartItem, i) => (
                <tr key={item._id} aria-busy={busyId === item._id} data-blocked={blocksOrder(item) || undefined}>
                  <td className={styles.removeCell}>
                    <button type="button" className={styles.remove} disabled={busyId === item._id} onClick={() => remove(item._id)} aria-label={`Remove ${item.product.title}`}>
                      ×
                    </button>
                  </td>
                  <td className={styles.imageCell}><ItemThumb item={item} /></td>
                  <td className={styles.nameCell}><ItemName item={item} /></td>
                  <td data-label="Price"><PriceTag price={prices.lines[i].unit} currency={currency} inline /></td>
                  <td data-label="Quantity">
                    <QuantityControl quantity={item.quantity} title={item.product.title} max={item.availableQuantity} disabled={busyId === item._id} onChange={(q) => changeQuantity(item._id, q)} />
                  </td>
                  <td data-label="Total" className={styles.lineTotal}><PriceTag price={prices.lines[i].total} currency={currency} inline /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <aside className={styles.totals} aria-labelledby="cart-totals-title">
          <h2 id="cart-totals-title">Cart totals</h2>
          <dl>
            <div className={styles.totalRow}>
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatPrice(subtotal, symbol)}</dd>
            </div>
          </dl>
          {subtotal === undefined ? (
            <p className={styles.unavailable} role="alert">{unavailableNote(currency?.code)}</p>
          ) : (
            <p className={styles.note}>{CHECKOUT_DISCOUNTS_NOTE}</p>
          )}
          {items.some(blocksOrder) && <p className={styles.unavailable} role="alert">{STOCK_SHORT}</p>}
          <CartCoupon />
          <Link to="/checkout" className={buttonClass()}>Proceed to checkout</Link>
        </aside>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" className="visually-hidden">Cart</h1>
      {body}
    </section>
  );
}
