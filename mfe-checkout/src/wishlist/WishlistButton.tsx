import { useState } from 'react';
import { notify, notifyPromise, useSessionValue, type FragmentProps } from '@shop/shared';
import { useWishlist } from '../state/sessionSync';
import { addToWishlist } from './wishlistState';
import styles from './Wishlist.module.css';
import { useT } from '../messages';

/** The product page's wishlist trigger (SPEC §5 rule, §8 toasts). */
export default function WishlistButton({ product }: FragmentProps['checkout/WishlistButton']) {
  const t = useT();
  const { token } = useSessionValue();
  const { items } = useWishlist();
  const [busy, setBusy] = useState(false);
  const saved = items.some((i) => i._id === product._id || i.slug === product.slug);

  async function add() {
    if (!token) {
      notify.error(t('toast.loginWishlist'));
      return;
    }
    setBusy(true);
    try {
      await notifyPromise(addToWishlist(product._id), { pending: t('toast.addingWishlist'), success: t('toast.addedWishlist'), error: t('toast.addWishlistFailed') });
    } catch {
      /* the toast said so */
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={styles.heartButton} onClick={() => void add()} disabled={busy} aria-pressed={saved} aria-label={t(saved ? 'wishlist.saved' : 'wishlist.add')} title={t(saved ? 'wishlist.saved' : 'wishlist.add')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
