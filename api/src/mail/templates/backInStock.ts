import type { MailMessage, RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, link, para, section } from './layout.js';
import { mjml } from './markup.js';
import { localePath, wordsFor } from './words.js';

type BackInStock = Extract<MailMessage, { kind: 'back-in-stock' }>;

/** Issue 38 (11): once, when what the shopper waited for can be bought again; the link stops these for the address. */
export function backInStock(m: BackInStock, shop: ShopIdentity): Promise<RenderedMail> {
  const words = wordsFor(m.locale);
  const w = words.backInStock;
  const what = m.combination ? `${m.title} (${m.combination})` : m.title;
  const page = `${shop.publicUrl}${localePath(m.locale, `/${encodeURIComponent(m.slug)}`)}`;
  const off = `${shop.publicUrl}/api/stock-alerts/off?token=${encodeURIComponent(m.stopToken)}`;
  const intro = w.intro(what);
  return finish(shop, {
    subject: w.subject(m.title),
    preview: intro,
    body: section(heading(w.heading(m.title)), para(intro), button(w.see, page), para(w.why, true), para(mjml`${w.stop} ${link(off, w.stopLink)}`, true)),
    text: [w.heading(m.title), intro, `${w.see}: ${page}`, w.why, `${w.stop} ${off}`],
    words,
  });
}
