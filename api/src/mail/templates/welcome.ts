import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, para, section } from './layout.js';

/** Sent on registration. */
export function welcome(fullName: string, shop: ShopIdentity): Promise<RenderedMail> {
  const greeting = fullName ? `Welcome, ${fullName}` : 'Welcome';
  const intro = `Your ${shop.name} account is ready. Keep pieces you love in your wishlist, check out with your saved addresses, and follow every order from your account.`;
  return finish(shop, {
    subject: `Welcome to ${shop.name}`,
    preview: intro,
    body: section(heading(greeting), para(intro), button('Discover the collection', `${shop.publicUrl}/shop`)),
    text: [`${greeting}.`, intro, `Discover the collection: ${shop.publicUrl}/shop`],
  });
}
