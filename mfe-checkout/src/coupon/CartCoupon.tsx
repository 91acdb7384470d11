import { useSelectedCurrency } from '@shop/shared';
import { useOrderPreview } from '../checkout/useCheckoutData';
import { useCart } from '../state/sessionSync';
import { CouponField } from './CouponField';

/** The cart page's coupon field: the server is asked only to check a code, the cart's own totals stand. */
export function CartCoupon() {
  const { items } = useCart();
  const currency = useSelectedCurrency();
  const { preview, error } = useOrderPreview(currency?._id, items, { onlyWithCoupon: true });
  return <CouponField preview={preview} failed={error !== null} symbol={currency?.symbol ?? ''} />;
}
