import { loadProviderScript } from './providerScript';

/** The parts of Stripe.js the checkout uses (the Payment Element and confirmPayment). */
export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy?(): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
  submit(): Promise<{ error?: { message?: string } }>;
}
export interface StripeInstance {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}
type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

export const STRIPE_LOAD_FAILED = 'Stripe.js could not be loaded.';

/**
 * Loads Stripe.js from the shop's setting (GET /config/getStripeClient: Stripe's own, or a stand-in in
 * tests), once, and only when the buyer picks Card: no page's first load carries it. A failure can be retried.
 */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const pick = (win: Window) => {
    const factory = (win as unknown as { Stripe?: StripeFactory }).Stripe;
    return typeof factory === 'function' ? factory : undefined;
  };
  return loadProviderScript(url, pick, STRIPE_LOAD_FAILED, { shopCard: 'stripe' });
}
