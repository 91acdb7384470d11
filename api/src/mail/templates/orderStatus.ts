import { PAYMENT_CARD, type Order, type OrderRefund, type OrderStatus } from '@shop/contract';
import type { Markup } from './markup.js';
import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, divider, eyebrow, finish, heading, link, para, section } from './layout.js';
import { mjml } from './markup.js';
import { itemsTable, itemsText, money, ordersUrl, totalsTable } from './order.js';

/** Per status: the subject's ending, the heading, and the sentence that says what it means for the customer. */
const SAYS: Record<OrderStatus, { subject: string; heading: string; sentence: string }> = {
  pending: { subject: 'is received', heading: 'Your order is received', sentence: 'We have received your order and will start preparing it soon.' },
  processing: { subject: 'is being prepared', heading: 'Your order is being prepared', sentence: 'Good news: we are now preparing your order with care. We will write again when it ships.' },
  shipped: { subject: 'has shipped', heading: 'Your order is on its way', sentence: 'Your order has left our workshop and is on its way to you.' },
  delivered: { subject: 'has been delivered', heading: 'Your order has arrived', sentence: 'Your order has been delivered. We hope you love your new pieces.' },
  cancelled: { subject: 'has been cancelled', heading: 'Your order is cancelled', sentence: 'Your order has been cancelled, as requested. Nothing will be shipped.' },
  rejected: { subject: 'could not be accepted', heading: 'We could not accept your order', sentence: 'We are sorry: we could not accept your order, and nothing will be shipped.' },
};

/** What a cancelled or rejected order's refund (a wallet payment given back) is at. */
const refundSentence = (order: Order, refund: OrderRefund): string => {
  const amount = money(order, order.totalPrice);
  // Issue 40: a card payment goes back to the card.
  const to = order.paymentMethod === PAYMENT_CARD ? 'card' : `${order.paymentMethod} account`;
  if (refund.status === 'refunded') return `Your payment of ${amount} has been refunded to your ${to}; it may take a few days to show.`;
  if (refund.status === 'pending') return `A refund of ${amount} to your ${to} is under way.`;
  return `The refund of ${amount} to your ${to} has not gone through yet; we are on it and will make sure you get it back.`;
};

/** A shipped order's carrier and tracking number (issue 38), the number linked for a known carrier. */
function shipmentLines(order: Order, status: OrderStatus): { html: Markup[]; text: string[] } {
  const s = status === 'shipped' ? order.shipment : null;
  if (!s) return { html: [], text: [] };
  const by = s.carrier ? `Carrier: ${s.carrier}` : '';
  if (!s.trackingNumber) return { html: [para(by)], text: [by] };
  const number = s.trackingUrl ? link(s.trackingUrl, s.trackingNumber) : s.trackingNumber;
  return {
    html: [...(by ? [para(by)] : []), para(mjml`Tracking number: ${number}`)],
    text: [[...(by ? [by] : []), `Tracking number: ${s.trackingNumber}`, ...(s.trackingUrl ? [`Track your parcel: ${s.trackingUrl}`] : [])].join('\n')],
  };
}

/** Sent when an order's status changes. */
export function orderStatus(order: Order, status: OrderStatus, shop: ShopIdentity): Promise<RenderedMail> {
  const says = SAYS[status];
  const refund = (status === 'cancelled' || status === 'rejected') && order.refund ? refundSentence(order, order.refund) : null;
  const shipment = shipmentLines(order, status);
  return finish(shop, {
    subject: `Your order ${order.orderNumber} ${says.subject}`,
    preview: says.sentence,
    body: mjml`${section(
      eyebrow(`Order ${order.orderNumber}`),
      heading(says.heading),
      para(says.sentence),
      ...(refund ? [para(refund)] : []),
      ...shipment.html,
      itemsTable(order),
      totalsTable(order, true),
      divider(),
      button('View your orders', ordersUrl(shop)),
    )}`,
    text: [`Order ${order.orderNumber}`, says.sentence, ...(refund ? [refund] : []), ...shipment.text, itemsText(order), `Total: ${money(order, order.totalPrice)}`, `Your orders: ${ordersUrl(shop)}`],
  });
}
