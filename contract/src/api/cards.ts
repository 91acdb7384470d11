// Issue 40: card payments through Stripe. The checkout asks for a PaymentIntent of the server's own
// total, the buyer confirms it in Stripe's Payment Element (3-D Secure included), and the order is
// placed once, by whichever comes first: the buyer's return (complete) or Stripe's webhook.
import { Type } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { CreateOrderBody } from './sales';
import { Order } from './shapes';
import { DateTime, IdParam, Message, Nullable } from './schema';

const cards = ['cards'];

/** A PaymentIntent's id as Stripe writes it. */
export const PAYMENT_INTENT_ID_PATTERN = '^pi_[A-Za-z0-9_]{1,100}$';

/** What the checkout sends for a card: POST /order's fields without the payment method. */
export const CardIntentBody = Type.Object({
  selectedCurr: CreateOrderBody.properties.selectedCurr,
  shippingAddress: CreateOrderBody.properties.shippingAddress,
  addressId: CreateOrderBody.properties.addressId,
  couponCode: CreateOrderBody.properties.couponCode,
  shippingMethodId: CreateOrderBody.properties.shippingMethodId,
  /** A guest's (cart token): the e-mail the confirmation and the order link go to. */
  email: CreateOrderBody.properties.email,
});
export const CardIntent = Type.Object({
  paymentIntentId: Type.String(),
  /** For Stripe.js only (confirmPayment); never logged. */
  clientSecret: Type.String(),
  /** What the card is charged, in the order's currency (the server's total). */
  amount: Type.Number(),
  currency: Type.String(),
  /** Until when the pieces and the coupon use are kept for this payment. */
  holdUntil: DateTime,
});
export const CardRefund = Type.Object({
  _id: Type.String(),
  amount: Type.Number(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('refunded'), Type.Literal('failed')]),
  reference: Nullable(Type.String()),
  createdAt: DateTime,
  by: Nullable(Type.String()),
});
/** An order's refunds by the back office: what was given back and what is left to give. */
export const OrderRefunds = Type.Object({
  totalPrice: Type.Number(),
  refunded: Type.Number(),
  refundable: Type.Number(),
  refunds: Type.Array(CardRefund),
});

export const cardEndpoints = {
  cardConfig: endpoint({
    method: 'GET',
    path: '/config/getStripeClient',
    access: 'anyone',
    tags: ['config'],
    summary: 'The publishable key and the Stripe.js URL for card payments (null when they are not configured)',
    answers: { 200: Type.Object({ publishableKey: Nullable(Type.String()), jsUrl: Nullable(Type.String()) }) },
  }),
  cardIntent: endpoint({
    method: 'POST',
    path: '/order/card/intent',
    access: 'customer',
    tags: cards,
    summary: "A PaymentIntent for the cart's total (POST /order/preview's rules), one per cart version; the pieces and the coupon use are held for it",
    body: CardIntentBody,
    answers: { 200: CardIntent, 400: Message, 404: Message, 409: Message, 502: Message },
  }),
  cardComplete: endpoint({
    method: 'POST',
    path: '/order/card/complete',
    access: 'customer',
    tags: cards,
    summary: "The buyer's return: the intent is read from Stripe and, once it succeeded, the order is placed (the same order however often, webhook included)",
    body: Type.Object({ paymentIntentId: Type.String({ pattern: PAYMENT_INTENT_ID_PATTERN }) }),
    answers: { 201: Order, 402: Message, 404: Message, 409: Message, 502: Message },
  }),
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/payments/stripe/webhook',
    access: 'anyone',
    tags: cards,
    summary: "Stripe's events, signature verified (Stripe-Signature); stale (over 5 minutes) or replayed events refused",
    answers: { 200: Type.Object({ received: Type.Boolean() }), 400: Message, 409: Message },
  }),
  orderRefunds: endpoint({
    method: 'GET',
    path: '/order/:id/refunds',
    access: 'admin',
    permission: 'orders',
    tags: cards,
    summary: "A card order's refunds, and what is left to refund",
    params: IdParam,
    answers: { 200: OrderRefunds, 404: Message },
  }),
  refundOrder: endpoint({
    method: 'POST',
    path: '/order/:id/refunds',
    access: 'admin',
    permission: 'orders',
    tags: cards,
    summary: 'Refunds part of a card order through Stripe (up to what is left), recorded on the order and in the audit log',
    params: IdParam,
    body: Type.Object({ amount: Type.Number({ exclusiveMinimum: 0, maximum: 100000000, description: 'in the order currency, at most 2 decimals' }) }),
    answers: { 201: OrderRefunds, 400: Message, 404: Message, 409: Message },
  }),
};
