import { Link, Button, PriceTag, assetUrl, buttonClass, type Currency, type WishlistItem } from '@shop/shared';
import AddToCart from '../cart/AddToCart';
import { needsChoice, wishlistOffer } from './wishlistOffer';
import styles from './Wishlist.module.css';
import { useT } from '../messages';

interface Props {
  item: WishlistItem;
  currency: Currency | undefined;
  busy: boolean;
  onRemove: () => void;
  onQuickView: () => void;
}

/** One saved piece: remove, image, name, Quick View, its sale price and 'Add to cart' with the product page's default options. */
export function WishlistRow({ item, currency, busy, onRemove, onQuickView }: Props) {
  const t = useT();
  const { options, price } = wishlistOffer(item, currency?._id);
  return (
    <tr>
      <td className={styles.removeCell}>
        <button type="button" className={styles.remove} disabled={busy} onClick={onRemove} aria-label={t('cart.removeItem', { title: item.title })}>×</button>
      </td>
      <td className={styles.imageCell}>
        <Link to={`/${item.slug}`} className={styles.thumb} tabIndex={-1} aria-hidden="true">
          <img src={assetUrl(item.imageUrls[0], 160)} alt="" width={64} height={83} loading="lazy" />
        </Link>
      </td>
      <td className={styles.nameCell}><Link to={`/${item.slug}`} className={styles.title}>{item.title}</Link></td>
      <td className={styles.quickCell}>
        <Button variant="secondary" size="small" onClick={onQuickView} aria-label={t('wishlist.quickViewOf', { title: item.title })}>{t('wishlist.quickView')}</Button>
      </td>
      <td className={styles.priceCell} data-label={t('cart.price')}><PriceTag price={price} currency={currency} inline /></td>
      <td className={styles.cartCell}>
        {needsChoice(item) && item.available ? (
          // Issue 38: the shopper chooses (a size, a metal) on the product page; nothing is added by default.
          <Link to={`/${item.slug}`} className={buttonClass()} aria-label={t('wishlist.chooseOptionsOf', { title: item.title })}>{t('wishlist.chooseOptions')}</Link>
        ) : (
          <AddToCart product={item} selectedOptions={options} quantity={1} price={price?.original} productTitle={item.title} />
        )}
      </td>
    </tr>
  );
}
