import type { MailMessage, RenderedMail, ShopIdentity } from '../messages.js';
import { button, finish, heading, link, para, section } from './layout.js';
import { mjml } from './markup.js';

// Issue 42's e-mails: a sign-in from a new device, an invitation to the back office, a two-factor reset.

type Of<K extends MailMessage['kind']> = Extract<MailMessage, { kind: K }>;
const hello = (fullName: string) => (fullName ? `Hello ${fullName},` : 'Hello,');

/** A sign-in from a device the account never used: a link ends that session. */
export function newDevice(m: Of<'new-device'>, shop: ShopIdentity): Promise<RenderedMail> {
  const what = `your ${shop.name} account was just signed in to from a device it had not been used on: ${m.device}, network ${m.network}.`;
  const fine = 'If this was you, there is nothing to do.';
  const act = 'If it was not, end that session with the link below, then choose a new password and turn on two-factor sign-in in your profile.';
  return finish(shop, {
    subject: `New sign-in to your ${shop.name} account`,
    preview: `${m.device}. ${fine}`,
    body: section(
      heading('A new sign-in to your account'),
      para(`${hello(m.fullName)} ${what}`),
      para(fine),
      para(act),
      button('End that session', m.endUrl),
      para(mjml`If the button does not work, open this link: ${link(m.endUrl)}`, true),
    ),
    text: [`${hello(m.fullName)} ${what}`, fine, act, `End that session: ${m.endUrl}`],
  });
}

/** An invitation to the back office: the link sets the password (once, within its days). */
export function staffInvite(m: Of<'staff-invite'>, shop: ShopIdentity): Promise<RenderedMail> {
  const what = `${m.invitedBy} has invited you to the ${shop.name} back office, as ${m.roleName}. Choose your password with the link below, then sign in.`;
  const valid = `The link works once and is valid for ${m.expiresInDays} days.`;
  const secure = 'Staff accounts sign in with a code from an authenticator app too: you will be asked to set it up.';
  return finish(shop, {
    subject: `You are invited to the ${shop.name} back office`,
    preview: `${valid} ${secure}`,
    body: section(
      heading('Welcome to the team'),
      para(`${hello(m.fullName)} ${what}`),
      button('Choose my password', m.setPasswordUrl),
      para(mjml`If the button does not work, open this link: ${link(m.setPasswordUrl)}`, true),
      para(`${valid} ${secure}`, true),
    ),
    text: [`${hello(m.fullName)} ${what}`, m.setPasswordUrl, valid, secure],
  });
}

/** The super admin turned the account's two-factor sign-in off. */
export function twoFactorReset(m: Of<'two-factor-reset'>, shop: ShopIdentity): Promise<RenderedMail> {
  const what = `${m.resetBy} has turned off two-factor sign-in on your ${shop.name} account, and every session of it has ended.`;
  const next = 'Sign in with your password, then set two-factor sign-in up again in your profile.';
  const act = `If you did not ask for this, tell ${m.resetBy} or the shop at once.`;
  return finish(shop, {
    subject: `Two-factor sign-in was reset on your ${shop.name} account`,
    preview: next,
    body: section(heading('Two-factor sign-in was reset'), para(`${hello(m.fullName)} ${what}`), para(next), para(act), button('Sign in', `${shop.publicUrl}/login`)),
    text: [`${hello(m.fullName)} ${what}`, next, act, `Sign in: ${shop.publicUrl}/login`],
  });
}
