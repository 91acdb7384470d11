import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage, RenderedMail, ShopIdentity } from './messages.js';
import { renderMail } from './templates/index.js';

/** Who an e-mail is from and to, and its Message-ID (stable per outbox message: transport.ts). */
export interface Addressing {
  from: string;
  to: string;
  replyTo?: string;
  messageId: string;
}

/** An outbox message as it goes out: what the admin's preview keeps, and the whole RFC 5322 message. */
export interface ComposedMail {
  rendered: RenderedMail;
  raw: Buffer;
}

/**
 * Renders a message (templates/) and builds it as one MIME message (HTML and text alternatives,
 * quoted-printable or base64 as nodemailer picks). The transport then only hands the bytes over.
 */
export async function composeMail(message: MailMessage, shop: ShopIdentity, to: Addressing): Promise<ComposedMail> {
  const rendered = await renderMail(message, shop);
  const raw = await new MailComposer({ ...to, subject: rendered.subject, html: rendered.html, text: rendered.text }).compile().build();
  return { rendered, raw };
}
