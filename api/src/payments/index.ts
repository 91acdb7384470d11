import { badRequest } from '../lib/errors.js';

/**
 * The payment seam. POST /order asks the verifier for a payment before it writes the order;
 * the order is then created with it (orders/service.ts placeOrder) and refused when the
 * verified amount differs from what the order charges.
 *
 * Cash on delivery needs no verification. The wallet (PayPal) verifier lives in ../wallet
 * (createWalletVerifier): it checks the provider order is approved for the expected USD amount,
 * captures it, and checks the capture before the order is written.
 */
export const PAYMENT_CASH = 'Cash On Delivery';
export const PAYMENT_WALLET = 'PayPal';
/** Issue 40: a card paid through Stripe (cards/); its reference is the PaymentIntent's id. Never through POST /order. */
export const PAYMENT_CARD = 'Card';

export interface VerifiedPayment {
  method: string;
  /** Provider reference (capture id), null for cash on delivery. */
  reference: string | null;
  /** What the provider says was paid, in minor units of currencyCode; null for cash. */
  amountMinor: number | null;
  currencyCode: string | null;
}

export interface PaymentRequest {
  paymentMethod: string;
  paypalOrderId?: string;
  /** What the order will charge, computed by the server. */
  totalMinor: number;
  currencyCode: string;
}

export type PaymentVerifier = (req: PaymentRequest) => Promise<VerifiedPayment>;

/** Gives a verified payment back when its order could not be written (nothing to do for cash). */
export type PaymentRefunder = (payment: VerifiedPayment) => Promise<void>;
export const noRefund: PaymentRefunder = async () => undefined;

export const defaultPaymentVerifier: PaymentVerifier = async (req) => {
  if (req.paymentMethod === PAYMENT_CASH) return { method: PAYMENT_CASH, reference: null, amountMinor: null, currencyCode: null };
  if (req.paymentMethod === PAYMENT_WALLET) throw badRequest('Wallet payments are not available yet');
  if (req.paymentMethod === PAYMENT_CARD) throw badRequest('A card is paid through POST /order/card/intent and /order/card/complete');
  throw badRequest(`Unknown payment method '${req.paymentMethod}'`);
};

/** One refunder per method, chosen by the payment's method (nothing for cash). */
export const refundersByMethod =
  (byMethod: Record<string, PaymentRefunder>): PaymentRefunder =>
  async (payment) => {
    const refund = byMethod[payment.method];
    if (refund) await refund(payment);
  };
