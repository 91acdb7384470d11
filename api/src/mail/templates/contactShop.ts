import type { RenderedMail, ShopIdentity } from '../messages.js';
import { eyebrow, finish, heading, link, para, quote, section } from './layout.js';
import { mjml, multiline, oneLine } from './markup.js';

/** The contact form's message, to the shop's inbox (the sender sets Reply-To to the writer's address). */
export function contactShop(name: string, email: string, message: string, shop: ShopIdentity): Promise<RenderedMail> {
  const who = oneLine(name);
  return finish(shop, {
    subject: `Contact form: message from ${who}`,
    preview: oneLine(message).slice(0, 120),
    toShop: true,
    body: section(
      eyebrow('Contact form'),
      heading(`Message from ${who}`),
      para(mjml`<strong>Name:</strong> ${name}<br /><strong>E-mail:</strong> ${link(`mailto:${email}`, email)}`),
      quote(multiline(message)),
      para('Reply to this e-mail to answer them.', true),
    ),
    text: [`Message from the contact form at ${shop.publicUrl}/contact`, `Name: ${name}\nE-mail: ${email}`, message, 'Reply to this e-mail to answer them.'],
  });
}
