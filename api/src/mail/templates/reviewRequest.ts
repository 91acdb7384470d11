import type { MailMessage, RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, link, para, section } from './layout.js';
import { mjml } from './markup.js';

type ReviewRequest = Extract<MailMessage, { kind: 'review-request' }>;

/** A while after a delivery (REVIEW_REQUEST_DAYS): a link to each piece's review form, and a one-click way to stop these. */
export function reviewRequest(m: ReviewRequest, shop: ShopIdentity): Promise<RenderedMail> {
  const greeting = m.fullName ? `How do you like your pieces, ${m.fullName.split(/\s+/)[0]}?` : 'How do you like your pieces?';
  const intro = `Your order ${m.orderNumber} arrived a few days ago. A few words from you help other shoppers choose: tell them what you think.`;
  const formOf = (slug: string) => `${shop.publicUrl}/${encodeURIComponent(slug)}#write-review`;
  const off = `${shop.publicUrl}/api/reviews/requests/off?token=${encodeURIComponent(m.unsubscribeToken)}`;
  const stop = 'Do not want these e-mails? Turn review requests off:';
  return finish(shop, {
    subject: `How are your pieces from ${shop.name}?`,
    preview: intro,
    body: section(heading(greeting), para(intro), ...m.products.map((p) => button(`Review ${p.title}`, formOf(p.slug))), para(mjml`${stop} ${link(off, 'turn review requests off')}`, true)),
    text: [greeting, intro, ...m.products.map((p) => `Review ${p.title}: ${formOf(p.slug)}`), `${stop} ${off}`],
  });
}
