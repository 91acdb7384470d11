import { apiErrorMessage, call, apiStatus, type OrderPreview, type OrderPreviewBody } from '@shop/shared';
import { COUPON_MESSAGES } from '@shop/shared/src/contract';

/** Issue 39: where the order ships and how (the country's code and region, or a saved address; the method). */
export type PreviewShipping = Pick<OrderPreviewBody, 'shippingMethodId' | 'country' | 'region' | 'addressId'>;

/** The server's totals, and the code it refused (with its reason) when one was asked for and does not apply. */
export interface CouponPreview {
  totals: OrderPreview;
  refused: { code: string; message: string } | null;
}

const ask = (selectedCurr: string, shipping: PreviewShipping, couponCode?: string) =>
  call('previewOrder', { body: couponCode ? { selectedCurr, ...shipping, couponCode } : { selectedCurr, ...shipping } }).then(({ data }) => data);

/**
 * POST /order/preview with the applied code. A 400 may be the code's refusal or the cart's own (a line
 * with no price in the currency): asked again without the code, the cart's fails too and is the error;
 * otherwise the code was refused, and the totals without it stand. A 429 is the limit on codes tried:
 * the code is set aside the same way (with the server's words), so the checkout goes on without it.
 */
export async function previewWithCoupon(selectedCurr: string, code: string | null, shipping: PreviewShipping = {}): Promise<CouponPreview> {
  if (!code) return { totals: await ask(selectedCurr, shipping), refused: null };
  try {
    return { totals: await ask(selectedCurr, shipping, code), refused: null };
  } catch (error) {
    if (apiStatus(error) !== 400 && apiStatus(error) !== 429) throw error;
    const totals = await ask(selectedCurr, shipping);
    return { totals, refused: { code, message: apiErrorMessage(error, COUPON_MESSAGES.unknown) } };
  }
}
