// Wallet (PayPal) payments the shop can trust: the provider order is created by the server for the
// server-computed cart total (converted to USD), and POST /order only proceeds after the server has
// captured that provider order and verified the captured amount.
import { HttpError, badRequest, conflict } from '../lib/errors.js';
import { defaultPaymentVerifier, PAYMENT_WALLET, type PaymentRefunder, type PaymentVerifier } from '../payments/index.js';
import type { Db } from '../db/client.js';
import { previewOrder, type PreviewShipping } from '../orders/service.js';
import type { Rates } from '../rates/service.js';
import { minorToValue, valueToMinor, type PaypalClient, type PaypalOrder } from './paypal.js';

/** The wallet button's currency (SPEC §9). */
export const WALLET_CURRENCY = 'USD';

/** What the order will charge: the orders domain's preview (orders/service.ts). */
export type PreviewTotal = (userId: string, currencyId: string, couponCode?: string, ship?: PreviewShipping) => Promise<{ totalPrice: number; currency: { code: string } }>;
/** The default PreviewTotal: exactly what POST /order will charge, with the coupon the shopper applied, shipping and tax to where it ships (issue 39). */
export const orderTotal = (db: Db): PreviewTotal => (userId, currencyId, couponCode, ship) => previewOrder(db, userId, currencyId, couponCode, undefined, ship);

export interface WalletServiceDeps {
  paypal: PaypalClient | null;
  rates: Rates;
}

const notConfigured = () => badRequest('Wallet payments are not available');
const mismatch = () => conflict('The payment does not match the order total');

/** The order total in USD minor units, as the wallet charges it. */
export async function walletAmountMinor(rates: Rates, totalMinor: number, currencyCode: string): Promise<number> {
  if (!Number.isInteger(totalMinor) || totalMinor <= 0) throw badRequest('There is nothing to pay');
  const usd = await rates.convertMinor(totalMinor, currencyCode, WALLET_CURRENCY);
  if (usd <= 0) throw badRequest('There is nothing to pay');
  return usd;
}

/** Creates the provider order for the caller's cart total; answers its id for the wallet button. */
export async function createWalletOrder(
  deps: WalletServiceDeps & { previewTotal: PreviewTotal },
  userId: string,
  currencyId: string,
  couponCode?: string,
  ship?: PreviewShipping,
): Promise<{ id: string }> {
  if (!deps.paypal) throw notConfigured();
  const p = await deps.previewTotal(userId, currencyId, couponCode, ship);
  const usd = await walletAmountMinor(deps.rates, Math.round(p.totalPrice * 100), p.currency.code);
  const order = await deps.paypal.createOrder({ currency_code: WALLET_CURRENCY, value: minorToValue(usd) }, userId);
  if (!order?.id) throw new HttpError(502, 'The wallet provider could not create the payment. Please try again.');
  return { id: order.id };
}

/** The one purchase unit's amount in minor units, when it is in the wallet currency. */
function orderAmountMinor(order: PaypalOrder): number {
  const units = order.purchase_units ?? [];
  const amount = units.length === 1 ? units[0].amount : undefined;
  return amount?.currency_code === WALLET_CURRENCY ? valueToMinor(amount.value) : NaN;
}

/** What the completed captures took, in minor units of the wallet currency (NaN if any other currency). */
function capturedMinor(order: PaypalOrder): number {
  const captures = (order.purchase_units ?? []).flatMap((u) => u.payments?.captures ?? []).filter((c) => c.status === 'COMPLETED');
  if (!captures.length) return NaN;
  return captures.reduce((sum, c) => (c.amount?.currency_code === WALLET_CURRENCY ? sum + valueToMinor(c.amount.value) : NaN), 0);
}

/**
 * The PaymentVerifier for POST /order (payments/index.ts): cash goes to the default verifier;
 * 'PayPal' needs `paypalOrderId`. Before capturing, the provider order must be APPROVED for exactly
 * the expected USD amount (so a wrong amount is refused without charging the buyer); after
 * capturing, the status must be COMPLETED and the captured USD amount must equal it again.
 * The answer states the verified payment in the order's currency (the USD amount is its exact
 * conversion), which placeOrder compares with the total it charges.
 */
export function createWalletVerifier(deps: WalletServiceDeps & { fallback?: PaymentVerifier }): PaymentVerifier {
  const fallback = deps.fallback ?? defaultPaymentVerifier;
  return async (req) => {
    if (req.paymentMethod !== PAYMENT_WALLET) return fallback(req);
    if (!deps.paypal) throw notConfigured();
    if (!req.paypalOrderId) throw badRequest('paypalOrderId is required for a wallet payment');
    const expected = await walletAmountMinor(deps.rates, req.totalMinor, req.currencyCode);

    const before = await deps.paypal.getOrder(req.paypalOrderId);
    if (before.status === 'COMPLETED') throw conflict('This wallet payment has already been used');
    if (before.status !== 'APPROVED') throw new HttpError(402, 'The wallet payment has not been approved');
    if (orderAmountMinor(before) !== expected) throw mismatch();

    const after = await deps.paypal.captureOrder(req.paypalOrderId);
    if (after.status !== 'COMPLETED') throw new HttpError(402, 'The wallet payment could not be captured');
    if (capturedMinor(after) !== expected) throw mismatch();
    const capture = (after.purchase_units ?? []).flatMap((u) => u.payments?.captures ?? []).find((c) => c.status === 'COMPLETED');
    return { method: PAYMENT_WALLET, reference: capture?.id ?? after.id, amountMinor: req.totalMinor, currencyCode: req.currencyCode };
  };
}

/**
 * Gives a captured wallet payment back when its order could not be written after all (the cart
 * changed meanwhile, an unknown address): the buyer is never charged for an order that does not exist.
 */
export function createWalletRefunder(paypal: PaypalClient | null): PaymentRefunder {
  return async (payment) => {
    if (payment.method !== PAYMENT_WALLET || !payment.reference || !paypal) return;
    await paypal.refundCapture(payment.reference);
  };
}
