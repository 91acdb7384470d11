import { ORDER_STATUSES, PAYMENT_CARD, PAYMENT_CASH, PAYMENT_WALLET, type Order, type OrderItem, type OrderRefund, type OrderStatus, type Price } from '@shop/shared';
import type { AccountKey } from '../messages';

/** A status's words in the catalogue ('Pending', 'En attente'). */
const STATUS_KEYS: Record<OrderStatus | 'all', AccountKey> = {
  all: 'orders.status.all',
  pending: 'orders.status.pending',
  processing: 'orders.status.processing',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
  rejected: 'orders.status.rejected',
};
export const statusKey = (status: OrderStatus | 'all'): AccountKey => STATUS_KEYS[status];

/** The status dropdown of the orders list (SPEC §2): All, then every status. */
export const STATUS_FILTERS: ReadonlyArray<'all' | OrderStatus> = ['all', ...ORDER_STATUSES];

export type OrdersMode = 'customer' | 'admin';

/** The payment method in the page's words; the shop's two are translated, another is shown as it was stored. */
export function paymentText(method: string, t: (key: AccountKey) => string): string {
  if (method === PAYMENT_CASH) return t('orders.payment.cash');
  if (method === PAYMENT_CARD) return t('orders.payment.card');
  return method === PAYMENT_WALLET ? t('orders.payment.wallet') : method;
}

const amountIn = (prices: Price[] | undefined, currType: string): number | undefined =>
  (prices ?? []).find((p) => p.currType === currType)?.amount ?? prices?.[0]?.amount;

export function lineTotal(item: OrderItem, order: Order): number {
  return amountIn(item.totalPrice, order.currency.currType) ?? 0;
}

/** A line's unit price; an order placed before lines kept theirs has only the line total, divided here. */
export function unitPrice(item: OrderItem, order: Order): number {
  const unit = amountIn(item.unitPrice, order.currency.currType);
  if (unit !== undefined) return unit;
  return item.quantity > 0 ? Math.round((lineTotal(item, order) / item.quantity) * 100) / 100 : 0;
}

/** Issue 17: what the order says of the wallet payment (issue 40: or the card payment) given back when it was cancelled or rejected. */
export function refundKey(refund: OrderRefund, method?: string): AccountKey {
  if (method === PAYMENT_CARD) return refund.status === 'refunded' ? 'orders.refund.card.refunded' : refund.status === 'pending' ? 'orders.refund.card.pending' : 'orders.refund.card.failed';
  if (refund.status === 'refunded') return 'orders.refund.refunded';
  return refund.status === 'pending' ? 'orders.refund.pending' : 'orders.refund.failed';
}
