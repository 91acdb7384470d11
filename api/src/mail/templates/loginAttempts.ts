import type { RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, para, section } from './layout.js';

/** Sent when an account's failed sign-ins reach its ceiling (issue 34 #4): at most once per window. */
export function loginAttempts(fullName: string, shop: ShopIdentity): Promise<RenderedMail> {
  const greeting = fullName ? `Hello ${fullName},` : 'Hello,';
  const what = `someone has been trying to sign in to your ${shop.name} account with wrong passwords, many times in a few minutes.`;
  const safe = 'Your account is not locked: you can sign in as usual, and further attempts are slowed down.';
  const act = 'If this was not you, choose a new password, one you use nowhere else.';
  return finish(shop, {
    subject: `Sign-in attempts on your ${shop.name} account`,
    preview: `${safe} ${act}`,
    body: section(heading('Sign-in attempts on your account'), para(`${greeting} ${what}`), para(safe), para(act), button('Sign in', `${shop.publicUrl}/login`)),
    text: [`${greeting} ${what}`, safe, act, `Sign in: ${shop.publicUrl}/login`],
  });
}
