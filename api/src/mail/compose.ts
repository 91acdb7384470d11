import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage, RenderedMail, ShopIdentity } from './messages.js';
import { renderMail } from './templates/index.js';
import { renderInvoicePdf } from '../invoices/pdf.js';

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
  const raw = await new MailComposer({ ...to, subject: rendered.subject, html: rendered.html, text: rendered.text, attachments: await attachmentsOf(message) }).compile().build();
  return { rendered, raw };
}

/**
 * What an e-mail carries besides its text (issue 39): an order's confirmation, the invoice's PDF, made
 * from the invoice the outbox message keeps (so a retry, or another process, sends the same one).
 */
async function attachmentsOf(message: MailMessage) {
  if (message.kind !== 'order-confirmation' || !message.invoice?.number) return [];
  return [{ filename: `${message.invoice.number}.pdf`, content: await renderInvoicePdf(message.invoice), contentType: 'application/pdf' }];
}
