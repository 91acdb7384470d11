import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, link, para, section } from './layout.js';
import { mjml } from './markup.js';

/** 60 -> 'one hour', 120 -> '2 hours', 30 -> '30 minutes'. */
export function duration(minutes: number): string {
  if (minutes === 60) return 'one hour';
  if (minutes > 60 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? 'one minute' : `${minutes} minutes`;
}

/** Sent when someone asks to reset the password of an account (issue 18: a single-use link). */
export function passwordReset(fullName: string, resetUrl: string, expiresInMinutes: number, shop: ShopIdentity): Promise<RenderedMail> {
  const greeting = fullName ? `Hello ${fullName},` : 'Hello,';
  const asked = `we received a request to reset the password of your ${shop.name} account. Choose a new one with the link below.`;
  const valid = `The link works once and is valid for ${duration(expiresInMinutes)}.`;
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  return finish(shop, {
    subject: `Reset your ${shop.name} password`,
    preview: `${valid} ${ignore}`,
    body: section(
      heading('Reset your password'),
      para(`${greeting} ${asked}`),
      button('Choose a new password', resetUrl),
      para(mjml`If the button does not work, open this link: ${link(resetUrl)}`, true),
      para(`${valid} ${ignore}`, true),
    ),
    text: [`${greeting} ${asked}`, resetUrl, valid, ignore],
  });
}
