import { loadProviderScript } from './providerScript';

/** The parts of the wallet provider's browser SDK the checkout uses. */
export interface PaypalButtons {
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}
export interface PaypalNamespace {
  Buttons(options: {
    style?: Record<string, string | number>;
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onError?: (error: unknown) => void;
    onCancel?: () => void;
  }): PaypalButtons;
}

export const SDK_LOAD_FAILED = 'Paypal SDK could not be loaded.';
const DEFAULT_SDK_URL = 'https://www.paypal.com/sdk/js';

/** The script's base URL: the provider's, or `window.SHOP_PAYPAL_SDK_URL` when a deployment (or a test) sets one. */
export function paypalSdkUrl(clientId: string): string {
  const base = (window as unknown as { SHOP_PAYPAL_SDK_URL?: string }).SHOP_PAYPAL_SDK_URL || DEFAULT_SDK_URL;
  const params = new URLSearchParams({ 'client-id': clientId, currency: 'USD', intent: 'capture', components: 'buttons', 'disable-funding': 'card' });
  return `${base}${base.includes('?') ? '&' : '?'}${params}`;
}

/** Loads the provider's script once per client id; a failure can be retried. */
export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  const pick = (win: Window) => {
    const paypal = (win as unknown as { paypal?: PaypalNamespace }).paypal;
    return paypal?.Buttons ? paypal : undefined;
  };
  return loadProviderScript(paypalSdkUrl(clientId), pick, SDK_LOAD_FAILED, { shopWallet: 'paypal' });
}
