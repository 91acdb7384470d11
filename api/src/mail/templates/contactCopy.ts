import type { RenderedMail, ShopIdentity } from '../messages.js';
import { finish, heading, para, quote, section } from './layout.js';
import { multiline } from './markup.js';

/** A copy of a contact message, to whoever sent it. */
export function contactCopy(name: string, message: string, shop: ShopIdentity): Promise<RenderedMail> {
  const thanks = name ? `Thank you, ${name}.` : 'Thank you.';
  const received = `We have received your message and will answer you at this address soon. Here is a copy of what you sent us:`;
  return finish(shop, {
    subject: `We received your message: ${shop.name}`,
    preview: `${thanks} ${received}`,
    body: section(heading(thanks), para(received), quote(multiline(message))),
    text: [`${thanks} ${received}`, message],
  });
}
