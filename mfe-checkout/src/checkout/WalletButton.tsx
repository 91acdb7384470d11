import { useRef } from 'react';
import { Spinner, call, notify, useLoad } from '@shop/shared';
import { loadPaypalSdk } from './paypalSdk';
import { useT } from '../messages';
import type { PreviewShipping } from '../coupon/previewWithCoupon';

interface Props {
  clientId: string;
  currencyId: string;
  /** The applied coupon code: the provider's order is for the total with it taken off. */
  couponCode: string | null;
  /** Issue 39: where the order ships and how, as the preview was asked (the provider's order is priced with them). */
  shipping?: PreviewShipping;
  /** Places the shop order for an approved provider order (the server captures and verifies it). */
  onApproved: (paypalOrderId: string) => Promise<void>;
  onFailed: () => void;
}

/** The wallet provider's button: its order is created by our API for the server-computed total in USD. */
export function WalletButton({ clientId, currencyId, couponCode, shipping = {}, onApproved, onFailed }: Props) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ currencyId, couponCode, shipping, onApproved, onFailed });
  latest.current = { currencyId, couponCode, shipping, onApproved, onFailed };

  // Loads the provider's script and renders its buttons; a new client id (or leaving) closes them.
  const buttons = useLoad(
    clientId,
    async (id, signal) => {
      const paypal = await loadPaypalSdk(id);
      if (signal.aborted || !ref.current) return;
      const rendered = paypal.Buttons({
        style: { layout: 'horizontal', shape: 'pill', label: 'paypal', height: 44, tagline: 'false' },
        createOrder: async () => {
          const { currencyId: selectedCurr, couponCode: code, shipping: where } = latest.current;
          return (await call('walletOrder', { body: code ? { selectedCurr, ...where, couponCode: code } : { selectedCurr, ...where } })).data.id;
        },
        onApprove: (data) => latest.current.onApproved(data.orderID),
        onError: () => latest.current.onFailed(),
      });
      signal.addEventListener('abort', () => void rendered.close?.().catch(() => undefined));
      await rendered.render(ref.current);
    },
    { onError: () => notify.error(t('checkout.walletFailed')) },
  );
  const state = buttons.status === 'succeeded' ? 'ready' : buttons.status === 'failed' ? 'failed' : 'loading';

  return (
    <div aria-busy={state === 'loading'}>
      {state === 'loading' && <Spinner label={t('checkout.walletLoading')} />}
      {state === 'failed' && <p role="alert">{t('checkout.walletFailed')}</p>}
      <div ref={ref} data-testid="wallet-button" />
    </div>
  );
}
