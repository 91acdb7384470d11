// A message's secret part (a reset link's token; any future set-password or sign-in link): only the
// e-mail handed to the transport carries it (issue 34 #1). The outbox row keeps it sealed apart from
// the message, which holds SECRET_MARK in its place, and the sender wipes it once the e-mail is
// delivered or given up; what the admin's views show of the e-mail has the mark instead.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { MailMessage, RenderedMail, SealedSecret } from './messages.js';

export type { SealedSecret } from './messages.js';

/** Stands for the secret wherever a message is kept or shown: the outbox row, the list, the preview. */
export const SECRET_MARK = '[redacted]';

export interface MailSecrets {
  seal(secret: string): SealedSecret;
  /** Throws when the row was sealed under another key (JWT_SECRET changed): the e-mail cannot be sent. */
  open(sealed: string): string;
}

/** Sealed under a key derived from the shop's signing secret (JWT_SECRET), which every API process shares. */
export function mailSecrets(signingSecret: string): MailSecrets {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'aurelia-mail-outbox', 'mail secrets', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.') as SealedSecret;
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/** The message as the e-mail carries it: the secret where the mark stands. */
export function fillSecret(message: MailMessage, secret: string): MailMessage {
  // Replaced inside the JSON's strings: escaped as a JSON string's content, whatever the secret holds.
  const escaped = JSON.stringify(secret).slice(1, -1);
  return JSON.parse(JSON.stringify(message).split(SECRET_MARK).join(escaped)) as MailMessage;
}

/** What was sent, as the admin's views may show it: the mark where the secret was. */
export const hideSecret = (rendered: RenderedMail, secret: string): RenderedMail => ({
  subject: rendered.subject.split(secret).join(SECRET_MARK),
  html: rendered.html.split(secret).join(SECRET_MARK),
  text: rendered.text.split(secret).join(SECRET_MARK),
});
