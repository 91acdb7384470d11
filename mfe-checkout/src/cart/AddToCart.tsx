import { useState } from 'react';
import { Button, notify, notifyPromise, refusalMessage, useSelectedCurrency, useSessionValue, type FragmentProps } from '@shop/shared';
import { addToCart } from './cartState';
import { useT } from '../messages';
import { useGuestCheckout } from '../state/guestCheckout';
import { availableQuantity } from '@shop/shared/src/contract';

export type AddToCartProps = FragmentProps['checkout/AddToCart'] & {
  /**
   * In a list of pieces (the wishlist): the button names its piece, and says 'Out of stock' itself,
   * as no stock note stands beside it there.
   */
  productTitle?: string;
};

/** The add-to-cart control of the product page and the wishlist (SPEC §5 rules, §8 toasts). */
export default function AddToCart({ product, selectedOptions, quantity, price, productTitle }: AddToCartProps) {
  const t = useT();
  const { token } = useSessionValue();
  const guest = useGuestCheckout();
  const currency = useSelectedCurrency();
  const [busy, setBusy] = useState(false);
  // No price in the selected currency: not available in it (the product page says 'Not Available').
  // Shown disabled, but still focusable and answering a click with SPEC's toast.
  const unavailable = !price;
  // Issue 17: nothing left of the chosen combination (the product page says 'Out of stock').
  const outOfStock = !product.available || availableQuantity(product, selectedOptions.map((o) => o.optionId)) === 0;

  async function add() {
    if (!token && !guest) {
      notify.error(t('toast.loginCart'));
      return;
    }
    if (unavailable) {
      notify.error(t('toast.notAvailable'));
      return;
    }
    setBusy(true);
    try {
      await notifyPromise(addToCart({ productId: product._id, options: selectedOptions, quantity: Math.max(1, Math.floor(quantity) || 1), selectedCurr: currency?._id }), {
        pending: t('toast.adding'),
        success: t('toast.added'),
        // A refusal says why (not available in the currency just chosen, 'Only 2 of Emerald Ring left'); anything else, SPEC's toast.
        error: (err) => refusalMessage(err, t('toast.addFailed')),
      });
    } catch {
      /* the toast said so */
    } finally {
      setBusy(false);
    }
  }

  const inList = productTitle !== undefined;
  const label = inList && outOfStock ? t('cart.outOfStock') : t('addToCart.label');
  return (
    <Button
      onClick={() => void add()}
      disabled={busy || outOfStock}
      aria-disabled={unavailable || undefined}
      aria-busy={busy}
      aria-label={inList ? t('addToCart.of', { label, title: productTitle }) : undefined}
      size={inList ? 'small' : 'normal'}
    >
      {label}
    </Button>
  );
}
