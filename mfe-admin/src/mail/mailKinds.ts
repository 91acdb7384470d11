import type { MailStatus } from '@shop/shared';

/** What each kind of e-mail is, in the back office's words. */
export const KIND_LABELS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  'order-status': 'Order status',
  welcome: 'Welcome',
  'password-reset': 'Password reset',
  'contact-shop': 'Contact message',
  'contact-copy': 'Contact copy',
  'review-request': 'Review request',
  'card-payment-refunded': 'Card payment refunded',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

export const STATUS_LABELS: Record<MailStatus, string> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
