// Every e-mail the shop sends (issue 18), as data: what the outbox stores with the event that causes
// it, in the same transaction, and what the templates (templates/) render when it is sent.
import type { Order, OrderStatus } from '@shop/contract';

export type MailMessage =
  | { kind: 'order-confirmation'; order: Order }
  | { kind: 'order-status'; order: Order; status: OrderStatus }
  | { kind: 'welcome'; fullName: string }
  | { kind: 'password-reset'; fullName: string; resetUrl: string; expiresInMinutes: number }
  | { kind: 'contact-shop'; name: string; email: string; message: string }
  | { kind: 'contact-copy'; name: string; message: string }
  | { kind: 'release-rolled-back'; remote: string; version: string; live: string; views: number; errors: number; ratePercent: number };

export type MailKind = MailMessage['kind'];

/** One e-mail to send: to whom, what, and the key that makes it one (a retry or a second enqueue of the same key sends nothing more). */
export interface OutgoingMail {
  to: string;
  /** Unique per message, e.g. `order-confirmation:<orderId>`, `order-status:<orderId>:shipped`. */
  key: string;
  message: MailMessage;
}

/** What a template makes of a message. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What every template may use of the shop. */
export interface ShopIdentity {
  name: string;
  /** The shop's public URL, no trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** The shop's own inbox (SHOP_EMAIL). */
  email: string;
}
