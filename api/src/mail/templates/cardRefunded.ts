import type { MailMessage, RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, para, section } from './layout.js';
import { localePath, wordsFor } from './words.js';

type CardRefunded = Extract<MailMessage, { kind: 'card-payment-refunded' }>;

/** Issue 40: a card payment that arrived when its order could no longer be placed (the piece sold after its hold ended) is refunded in full. */
export function cardRefunded(m: CardRefunded, shop: ShopIdentity): Promise<RenderedMail> {
  const words = wordsFor(m.locale);
  const w = words.cardRefunded;
  const intro = w.intro(m.fullName, m.amount);
  const home = `${shop.publicUrl}${localePath(m.locale, '/shop')}`;
  return finish(shop, {
    subject: w.subject(shop.name),
    preview: w.heading,
    body: section(heading(w.heading), para(intro), para(m.reason), para(w.refunded), button(w.shop, home)),
    text: [w.heading, intro, m.reason, w.refunded, `${w.shop}: ${home}`],
    words,
  });
}
