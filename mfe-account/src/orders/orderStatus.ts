import { ORDER_STATUSES, orderStatusLabel, type Order, type OrderItem, type OrderRefund, type OrderStatus, type Price } from '@shop/shared';

export const statusLabel = orderStatusLabel;

/** The status dropdown of the orders list (SPEC §2): All, then every status. */
export const STATUS_FILTERS: ReadonlyArray<{ value: 'all' | OrderStatus; label: string }> = [
  { value: 'all', label: 'All' },
  ...ORDER_STATUSES.map((value) => ({ value, label: orderStatusLabel(value) })),
];

export type OrdersMode = 'customer' | 'admin';

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

/** Issue 17: what the order says of the wallet payment given back when it was cancelled or rejected. */
export function refundText(refund: OrderRefund): string {
  if (refund.status === 'refunded') return 'Refunded to PayPal';
  return refund.status === 'pending' ? 'Refund to PayPal pending' : 'Refund to PayPal failed';
}
