// Every e-mail the shop sends (issue 18), as data: what the outbox stores with the event that causes
// it, in the same transaction, and what the templates (templates/) render when it is sent.
import type { Locale, Order, OrderStatus } from '@shop/contract';
import type { InvoiceDocument } from '../invoices/document.js';

export type MailMessage =
  /** locale (issue 37): the language the customer checked out in; absent (older messages): English. */
  /** invoice (issue 39): the order's invoice as issued, made into the PDF the e-mail carries (absent on older messages: none). */
  /** statusUrl (issue 40, a guest's order): its private link, SECRET_MARK where the token goes. */
  | { kind: 'order-confirmation'; order: Order; locale?: Locale; invoice?: InvoiceDocument; statusUrl?: string }
  | { kind: 'order-status'; order: Order; status: OrderStatus }
  | { kind: 'welcome'; fullName: string; locale?: Locale }
  /** resetUrl holds SECRET_MARK (secrets.ts) where its token goes: the token is the mail's secret. */
  | { kind: 'password-reset'; fullName: string; resetUrl: string; expiresInMinutes: number }
  | { kind: 'login-attempts'; fullName: string }
  /** Issue 42: a sign-in from a device the account never used; endUrl holds SECRET_MARK where its token (the session, sealed) goes. */
  | { kind: 'new-device'; fullName: string; device: string; network: string; endUrl: string }
  /** Issue 42: an invitation to the back office; setPasswordUrl holds SECRET_MARK where its token goes. */
  | { kind: 'staff-invite'; fullName: string; invitedBy: string; roleName: string; setPasswordUrl: string; expiresInDays: number }
  /** Issue 42: the super admin turned the account's two-factor sign-in off. */
  | { kind: 'two-factor-reset'; fullName: string; resetBy: string }
  | { kind: 'contact-shop'; name: string; email: string; message: string }
  // Nothing the sender wrote: the copy goes to whatever address was typed (templates/contactCopy.ts).
  | { kind: 'contact-copy' }
  | { kind: 'release-rolled-back'; remote: string; version: string; live: string; views: number; errors: number; ratePercent: number }
  /** Days after a delivery: review these pieces (reviews/requests.ts); the token is the one-click link's to turn these off. */
  | { kind: 'review-request'; userId: string; fullName: string; orderNumber: string; products: Array<{ title: string; slug: string }>; unsubscribeToken: string }
  /** Issue 38 (11): what the shopper waited for can be bought again (stockAlerts/); stopToken: the link's to stop these. */
  | { kind: 'back-in-stock'; title: string; slug: string; combination: string; locale: Locale; stopToken: string }
  /** Issue 40: a card payment that could not become an order (its piece sold after its hold ended, the cart changed) is given back in full. */
  | { kind: 'card-payment-refunded'; fullName: string; amount: string; reason: string; locale: Locale };

export type MailKind = MailMessage['kind'];

/** A message's secret sealed for the outbox (secrets.ts: AES-256-GCM): a database backup holds no live link. */
export type SealedSecret = string & { readonly sealed: unique symbol };

/** One e-mail to send: to whom, what, and the key that makes it one (a retry or a second enqueue of the same key sends nothing more). */
export interface OutgoingMail {
  to: string;
  /** Unique per message, e.g. `order-confirmation:<orderId>`, `order-status:<orderId>:shipped`. */
  key: string;
  message: MailMessage;
  /**
   * A part only the recipient may read (a link's token, URL-safe text), sealed (secrets.ts): the
   * message holds SECRET_MARK where it goes, and only the e-mail delivered carries it.
   */
  secret?: SealedSecret;
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
