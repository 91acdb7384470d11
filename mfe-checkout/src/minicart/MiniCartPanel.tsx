import { Link, PriceTag, Spinner, assetUrl, buttonClass, notifyPromise, useFormat, useSelectedCurrency, ROUTE_PATHS } from '@shop/shared';
import { removeFromCart } from '../cart/cartState';
import { cartPrices, optionNames } from '../cart/cartLines';
import { StockNote } from '../cart/ItemSummary';
import { useCart } from '../state/sessionSync';
import styles from './MiniCart.module.css';
import { useT } from '../messages';

/** SPEC §2 mini cart: items (image 600x778, title, option names, quantity x unit price, remove, link), subtotal, links; at sale prices (issue 22). */
export default function MiniCartPanel({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const { price } = useFormat();
  const { items, status, length } = useCart();
  const currency = useSelectedCurrency();
  const currencyId = currency?._id ?? '';
  const symbol = currency?.symbol ?? '';

  if (status === 'loading' && !items.length) return <Spinner label={t('cart.loading')} />;
  if (!items.length) return <p className={styles.empty}>{t('cart.empty')}</p>;

  const prices = cartPrices(items, currencyId);
  const remove = (id: string) =>
    notifyPromise(removeFromCart(id), { pending: t('toast.removing'), success: t('toast.removed'), error: t('toast.removeFailedShort') }).catch(() => undefined);

  return (
    <>
      <p className={styles.heading}>
        {t('mini.heading', { count: length })}
      </p>
      <ul className={styles.list}>
        {items.map((item, i) => {
          const options = optionNames(item);
          return (
            <li key={item._id} className={styles.item}>
              <Link to={`/${item.product.slug}`} className={styles.thumb} onClick={onNavigate} tabIndex={-1} aria-hidden="true">
                <img src={assetUrl(item.product.imageUrls[0], 160)} alt="" width={600} height={778} loading="lazy" />
              </Link>
              <div className={styles.details}>
                <Link to={`/${item.product.slug}`} className={styles.title} onClick={onNavigate}>{item.product.title}</Link>
                {options && <span className={styles.options}>{options}</span>}
                <StockNote item={item} />
                <span className={styles.price}>
                  {item.quantity} x <PriceTag price={prices.lines[i].unit} currency={currency} inline />
                </span>
              </div>
              <button type="button" className={styles.remove} onClick={() => void remove(item._id)} aria-label={t('cart.removeItem', { title: item.product.title })}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.subtotal}>
        <span>{t('cart.subtotal')}</span>
        <strong data-testid="mini-cart-subtotal">{price(prices.subtotal, symbol)}</strong>
      </div>
      <div className={styles.actions}>
        <Link to={ROUTE_PATHS.cart} className={buttonClass('secondary')} onClick={onNavigate}>{t('mini.viewCart')}</Link>
        <Link to={ROUTE_PATHS.checkout} className={buttonClass()} onClick={onNavigate}>{t('mini.checkout')}</Link>
      </div>
    </>
  );
}
