import { useState, type ReactNode } from 'react';
import { Link, Button, EmptyState, Modal, PriceTag, Spinner, assetUrl, buttonClass, notifyPromise, PAGE_HEADS, useDocumentTitle, useSelectedCurrency, type WishlistItem, ROUTE_PATHS } from '@shop/shared';
import { useWishlist } from '../state/sessionSync';
import { wishlistOffer } from './wishlistOffer';
import { WishlistRow } from './WishlistRow';
import { fetchWishlist, removeFromWishlist } from './wishlistState';
import styles from './Wishlist.module.css';
import { useT } from '../messages';

export { EMPTY_WISHLIST } from '../messages/specTexts';

/** /wishlist: remove, image, name, Quick View, price ('Not Available' without a price in the currency) and Add to cart. */
export default function WishlistPage() {
  const t = useT();
  useDocumentTitle(PAGE_HEADS['checkout/WishlistPage']);
  const { items, status, error } = useWishlist();
  const currency = useSelectedCurrency();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [quickView, setQuickView] = useState<WishlistItem | null>(null);

  async function remove(item: WishlistItem) {
    setBusyId(item._id);
    try {
      await notifyPromise(removeFromWishlist(item._id), { pending: t('toast.removing'), success: t('toast.removed'), error: t('toast.removeWishlistFailed') });
    } catch {
      /* the toast said so */
    } finally {
      setBusyId(null);
    }
  }

  let body: ReactNode;
  if (status === 'failed' && !items.length) {
    body = (
      <div className={styles.failed} role="alert">
        <p>{error}</p>
        <Button variant="secondary" onClick={() => void fetchWishlist()}>{t('cart.tryAgain')}</Button>
      </div>
    );
  } else if ((status === 'idle' || status === 'loading') && !items.length) {
    body = <Spinner label={t('wishlist.loading')} />;
  } else if (!items.length) {
    body = (
      <div className={styles.emptyBlock}>
        <EmptyState>{t('wishlist.empty')}</EmptyState>
        <Link to={ROUTE_PATHS.shop} className={buttonClass('secondary')}>{t('cart.goToShop')}</Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('wishlist.caption')}</caption>
          <thead>
            <tr>
              <th scope="col"><span className="visually-hidden">{t('cart.remove')}</span></th>
              <th scope="col"><span className="visually-hidden">{t('cart.image')}</span></th>
              <th scope="col">{t('cart.product')}</th>
              <th scope="col"><span className="visually-hidden">{t('wishlist.quickView')}</span></th>
              <th scope="col">{t('cart.price')}</th>
              <th scope="col"><span className="visually-hidden">{t('wishlist.addToCart')}</span></th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <WishlistRow key={item._id} item={item} currency={currency} busy={busyId === item._id} onRemove={() => void remove(item)} onQuickView={() => setQuickView(item)} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="wishlist-title">
      <h1 id="wishlist-title" className="visually-hidden">{t('wishlist.title')}</h1>
      {body}
      <Modal open={quickView !== null} title={quickView?.title ?? ''} onClose={() => setQuickView(null)}>
        {quickView && (
          <div className={styles.quickView}>
            <img src={assetUrl(quickView.imageUrls[0])} alt={quickView.title} width={600} height={778} />
            <div className={styles.quickDetails}>
              <PriceTag price={wishlistOffer(quickView, currency?._id).price} currency={currency} large />
              <Link to={`/${quickView.slug}`} className={buttonClass()} onClick={() => setQuickView(null)}>{t('wishlist.viewProduct')}</Link>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
