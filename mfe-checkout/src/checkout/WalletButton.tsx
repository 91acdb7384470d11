import { useEffect, useRef, useState } from 'react';
import { Spinner, api, notify } from '@shop/shared';
import { loadPaypalSdk, SDK_LOAD_FAILED } from './paypalSdk';

interface Props {
  clientId: string;
  currencyId: string;
  /** Places the shop order for an approved provider order (the server captures and verifies it). */
  onApproved: (paypalOrderId: string) => Promise<void>;
  onFailed: () => void;
}

/** The wallet provider's button: its order is created by our API for the server-computed total in USD. */
export function WalletButton({ clientId, currencyId, onApproved, onFailed }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef({ currencyId, onApproved, onFailed });
  latest.current = { currencyId, onApproved, onFailed };

  useEffect(() => {
    let live = true;
    let close: (() => void) | undefined;
    loadPaypalSdk(clientId)
      .then((paypal) => {
        if (!live || !ref.current) return;
        const buttons = paypal.Buttons({
          style: { layout: 'horizontal', shape: 'pill', label: 'paypal', height: 44, tagline: 'false' },
          createOrder: async () => (await api.post<{ id: string }>('/wallet/paypal/order', { selectedCurr: latest.current.currencyId })).data.id,
          onApprove: (data) => latest.current.onApproved(data.orderID),
          onError: () => latest.current.onFailed(),
        });
        close = () => void buttons.close?.().catch(() => undefined);
        return buttons.render(ref.current).then(() => live && setState('ready'));
      })
      .catch(() => {
        if (!live) return;
        setState('failed');
        notify.error(SDK_LOAD_FAILED);
      });
    return () => {
      live = false;
      close?.();
    };
  }, [clientId]);

  return (
    <div aria-busy={state === 'loading'}>
      {state === 'loading' && <Spinner label="Loading the PayPal button" />}
      {state === 'failed' && <p role="alert">{SDK_LOAD_FAILED}</p>}
      <div ref={ref} data-testid="wallet-button" />
    </div>
  );
}
