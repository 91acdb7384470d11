import { Link, assetUrl, type CartItem } from '@shop/shared';
import { blocksOrder, optionNames } from './cartLines';
import styles from './Cart.module.css';
import { useT } from '../messages';

/** Image (600x778 ratio), title linking to the product, chosen option names. */
export function ItemThumb({ item, size = 64 }: { item: CartItem; size?: number }) {
  return (
    <Link to={`/${item.product.slug}`} className={styles.thumb} tabIndex={-1} aria-hidden="true">
      <img src={assetUrl(item.product.imageUrls[0], 160)} alt="" width={size} height={Math.round((size * 778) / 600)} loading="lazy" />
    </Link>
  );
}

export function ItemName({ item }: { item: CartItem }) {
  const options = optionNames(item);
  return (
    <div className={styles.name}>
      <Link to={`/${item.product.slug}`}>{item.product.title}</Link>
      {options && <span className={styles.options}>{options}</span>}
      <StockNote item={item} />
    </div>
  );
}

/** Issue 17: 'Out of stock' or 'Only N left' on a line that asks for more than can be bought now. */
export function StockNote({ item }: { item: CartItem }) {
  if (!blocksOrder(item)) return null;
  return (
    <span className={`${styles.stockNote} ${item.availableQuantity ? '' : styles.soldOut}`} data-testid="stock-note">
      <StockText item={item} />
    </span>
  );
}

/** A blocking line's words: 'Out of stock' or 'Only N left' (cartLines.ts: blocksOrder). */
export function StockText({ item }: { item: CartItem }) {
  const t = useT();
  return item.availableQuantity! > 0 ? t('cart.onlyLeft', { count: item.availableQuantity! }) : t('cart.outOfStock');
}
