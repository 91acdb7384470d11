import type { Locale } from '@shop/contract';
import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, para, section } from './layout.js';
import { localePath, wordsFor } from './words.js';

/** Sent on registration, in the language the customer registered in. */
export function welcome(fullName: string, shop: ShopIdentity, locale?: Locale): Promise<RenderedMail> {
  const w = wordsFor(locale).welcome;
  const greeting = w.greeting(fullName);
  const intro = w.intro(shop.name);
  const shopUrl = `${shop.publicUrl}${localePath(locale, '/shop')}`;
  return finish(shop, {
    subject: w.subject(shop.name),
    preview: intro,
    body: section(heading(greeting), para(intro), button(w.discover, shopUrl)),
    text: [`${greeting}.`, intro, `${w.discover}: ${shopUrl}`],
    words: wordsFor(locale),
  });
}
