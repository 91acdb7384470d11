import type { RenderedMail, ShopIdentity } from '../messages.js';
import { finish, heading, para, section } from './layout.js';

const THANKS = 'Thank you for writing to us.';
const RECEIVED = 'We have received your message and will answer you at this address soon.';
const NOT_YOU = 'If you did not write to us, someone gave your address by mistake: you can ignore this e-mail.';

/**
 * The acknowledgement to whoever sent a contact message: fixed words only. Anyone can type any
 * address into the form, so nothing they wrote (name, message, links) is repeated (issue 34 #3:
 * the copy relayed spam from the shop's own domain).
 */
export function contactCopy(shop: ShopIdentity): Promise<RenderedMail> {
  return finish(shop, {
    subject: `We received your message: ${shop.name}`,
    preview: `${THANKS} ${RECEIVED}`,
    body: section(heading(THANKS), para(RECEIVED), para(NOT_YOU)),
    text: [`${THANKS} ${RECEIVED}`, NOT_YOU],
  });
}
