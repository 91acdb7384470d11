import type { Locale, Order } from '@shop/contract';
import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, divider, eyebrow, finish, heading, para, section, subheading, twoColumns } from './layout.js';
import { mjml } from './markup.js';
import { addressBlock, addressLines, formatDate, itemsTable, itemsText, money, ordersUrl, totalsTable, totalsText } from './order.js';
import { wordsFor } from './words.js';

/** Sent when an order is placed, in the language the customer checked out in: what was bought, for how much, where it goes, how it is paid. */
/** statusUrl (issue 40): a guest's order link, in place of the account's orders. */
export function orderConfirmation(order: Order, shop: ShopIdentity, locale?: Locale, statusUrl?: string): Promise<RenderedMail> {
  const w = wordsFor(locale);
  const name = order.shippingAddress.fullName || order.user?.fullName || '';
  const greeting = w.confirmation.thanks(name);
  const intro = w.confirmation.received(formatDate(order.orderDate, w));
  return finish(shop, {
    subject: w.confirmation.subject(shop.name, order.orderNumber),
    preview: `${w.order(order.orderNumber)}${w.colon}${money(order, order.totalPrice)}. ${intro}`,
    body: mjml`${section(eyebrow(w.order(order.orderNumber)), heading(greeting), para(intro), itemsTable(order, w), totalsTable(order, false, w), divider())}
      ${twoColumns([subheading(w.shippingAddress), addressBlock(order)], [subheading(w.paymentMethod), para(order.paymentMethod)])}
      ${statusUrl ? section(button(w.viewThisOrder, statusUrl), para(w.orderLinkNote, true)) : section(button(w.viewOrders, ordersUrl(shop, w)))}`,
    text: [
      w.order(order.orderNumber),
      `${greeting} ${intro}`,
      itemsText(order),
      totalsText(order, w),
      `${w.shippingAddress}${w.colon.trimEnd()}\n${addressLines(order.shippingAddress).join('\n')}`,
      `${w.paymentMethod}${w.colon}${order.paymentMethod}`,
      statusUrl ? `${w.viewThisOrder}${w.colon}${statusUrl}\n${w.orderLinkNote}` : `${w.yourOrders}${w.colon}${ordersUrl(shop, w)}`,
    ],
    words: w,
  });
}
