import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail as it goes out: its envelope and the whole message, built (compose.ts). */
export interface Envelope {
  from: string;
  to: string;
  /** The RFC 5322 message, headers and body. Its Message-ID is stable per outbox message (messageIdFor), so a resend after a timeout is the same e-mail to the receiving side. */
  raw: Buffer;
  /** The message's id, for a transport that names what it keeps by it. */
  messageId: string;
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
      await t.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
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
  return {
    send: async (m) => {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${m.messageId.replace(/[<>]/g, '').replace(/@.*/, '')}.eml`;
      await fs.writeFile(path.join(dir, name), m.raw, { mode: 0o600 });
    },
    close: () => undefined,
    describe: dir,
  };
}
