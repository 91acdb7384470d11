import { Link, assetUrl, type CartItem } from '@shop/shared';
import { optionNames } from './cartLines';
import styles from './Cart.module.css';

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
    </div>
  );
}
