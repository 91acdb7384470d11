import type { Order } from '@shop/contract';
import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, divider, eyebrow, finish, heading, para, section, subheading, twoColumns } from './layout.js';
import { mjml } from './markup.js';
import { addressBlock, addressLines, formatDate, itemsTable, itemsText, money, ordersUrl, totalsTable, totalsText } from './order.js';

/** Sent when an order is placed: what was bought, for how much, where it goes, how it is paid. */
export function orderConfirmation(order: Order, shop: ShopIdentity): Promise<RenderedMail> {
  const name = order.shippingAddress.fullName || order.user?.fullName || '';
  const greeting = name ? `Thank you, ${name}.` : 'Thank you.';
  const placed = formatDate(order.orderDate);
  const intro = `We have received your order${placed ? ` of ${placed}` : ''} and will let you know as soon as it ships.`;
  return finish(shop, {
    subject: `Your ${shop.name} order ${order.orderNumber}`,
    preview: `Order ${order.orderNumber}: ${money(order, order.totalPrice)}. ${intro}`,
    body: mjml`${section(eyebrow(`Order ${order.orderNumber}`), heading(greeting), para(intro), itemsTable(order), totalsTable(order), divider())}
      ${twoColumns([subheading('Shipping address'), addressBlock(order)], [subheading('Payment method'), para(order.paymentMethod)])}
      ${section(button('View your orders', ordersUrl(shop)))}`,
    text: [
      `Order ${order.orderNumber}`,
      `${greeting} ${intro}`,
      itemsText(order),
      totalsText(order),
      `Shipping address:\n${addressLines(order.shippingAddress).join('\n')}`,
      `Payment method: ${order.paymentMethod}`,
      `Your orders: ${ordersUrl(shop)}`,
    ],
  });
}
