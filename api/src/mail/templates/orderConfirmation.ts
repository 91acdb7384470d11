import type { Locale, Order } from '@shop/contract';
import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, divider, eyebrow, finish, heading, para, section, subheading, twoColumns } from './layout.js';
import { mjml } from './markup.js';
import { addressBlock, addressLines, formatDate, itemsTable, itemsText, money, ordersUrl, totalsTable, totalsText } from './order.js';
import { wordsFor } from './words.js';

/** Sent when an order is placed, in the language the customer checked out in: what was bought, for how much, where it goes, how it is paid. */
export function orderConfirmation(order: Order, shop: ShopIdentity, locale?: Locale): Promise<RenderedMail> {
  const w = wordsFor(locale);
  const name = order.shippingAddress.fullName || order.user?.fullName || '';
  const greeting = w.confirmation.thanks(name);
  const intro = w.confirmation.received(formatDate(order.orderDate, w));
  return finish(shop, {
    subject: w.confirmation.subject(shop.name, order.orderNumber),
    preview: `${w.order(order.orderNumber)}${w.colon}${money(order, order.totalPrice)}. ${intro}`,
    body: mjml`${section(eyebrow(w.order(order.orderNumber)), heading(greeting), para(intro), itemsTable(order, w), totalsTable(order, false, w), divider())}
      ${twoColumns([subheading(w.shippingAddress), addressBlock(order)], [subheading(w.paymentMethod), para(order.paymentMethod)])}
      ${section(button(w.viewOrders, ordersUrl(shop, w)))}`,
    text: [
      w.order(order.orderNumber),
      `${greeting} ${intro}`,
      itemsText(order),
      totalsText(order, w),
      `${w.shippingAddress}${w.colon.trimEnd()}\n${addressLines(order.shippingAddress).join('\n')}`,
      `${w.paymentMethod}${w.colon}${order.paymentMethod}`,
      `${w.yourOrders}${w.colon}${ordersUrl(shop, w)}`,
    ],
    words: w,
  });
}
