import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail as it goes out. */
export interface Envelope {
  from: string;
  to: string;
  replyTo?: string;
  /** Stable per outbox message (its idempotency key): a resend after a timeout carries the same id, so the receiving side can tell it is the same e-mail. */
  messageId: string;
  subject: string;
  html: string;
  text: string;
}

/** Hands an e-mail over for delivery; throws when it was not taken (the sender tries again later). */
export interface MailTransport {
  send(mail: Envelope): Promise<void>;
  close(): void;
  /** Where the e-mail goes, for the start-up log: 'smtp://host:port' or the outbox folder. */
  describe: string;
}

export const messageIdFor = (key: string, domain: string) => `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;

/** Over SMTP (SMTP_URL), with timeouts short enough that a stuck server never holds the sender long. */
export function smtpTransport(url: string): MailTransport {
  const t = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  const u = new URL(url);
  return {
    send: async (m) => {
      await t.sendMail({ from: m.from, to: m.to, replyTo: m.replyTo, messageId: m.messageId, subject: m.subject, html: m.html, text: m.text });
    },
    close: () => t.close(),
    describe: `${u.protocol}//${u.hostname}:${u.port || (u.protocol === 'smtps:' ? 465 : 587)}`,
  };
}

/**
 * The embedded default (no SMTP_URL): each e-mail becomes an .eml file under DATA_DIR/mail (owner-only,
 * like the rest of DATA_DIR), and the admin's Emails page shows what was sent. Written under the
 * message's id, so writing it again replaces it.
 */
export function folderTransport(dir: string): MailTransport {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m) => {
      const info = (await t.sendMail({ from: m.from, to: m.to, replyTo: m.replyTo, messageId: m.messageId, subject: m.subject, html: m.html, text: m.text })) as unknown as { message: Buffer };
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${m.messageId.replace(/[<>]/g, '').replace(/@.*/, '')}.eml`;
      await fs.writeFile(path.join(dir, name), info.message, { mode: 0o600 });
    },
    close: () => t.close(),
    describe: dir,
  };
}
