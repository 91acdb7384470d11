import type { MailMessage, RenderedMail, ShopIdentity } from '../messages.js';
import { backInStock } from './backInStock.js';
import { cardRefunded } from './cardRefunded.js';
import { contactCopy } from './contactCopy.js';
import { contactShop } from './contactShop.js';
import { loginAttempts } from './loginAttempts.js';
import { newDevice, staffInvite, twoFactorReset } from './staffSecurity.js';
import { orderConfirmation } from './orderConfirmation.js';
import { orderStatus } from './orderStatus.js';
import { passwordReset } from './passwordReset.js';
import { releaseRolledBack } from './releaseRolledBack.js';
import { reviewRequest } from './reviewRequest.js';
import { welcome } from './welcome.js';

// The shop's e-mail templates (issue 18): a message (what the outbox stores) becomes a subject, an HTML body
// (MJML, in the shop's look: look.ts) and a plain-text body. One module per kind; layout.ts is the frame.

export function renderMail(message: MailMessage, shop: ShopIdentity): Promise<RenderedMail> {
  switch (message.kind) {
    case 'order-confirmation':
      return orderConfirmation(message.order, shop, message.locale, message.statusUrl);
    case 'order-status':
      return orderStatus(message.order, message.status, shop);
    case 'welcome':
      return welcome(message.fullName, shop, message.locale);
    case 'password-reset':
      return passwordReset(message.fullName, message.resetUrl, message.expiresInMinutes, shop);
    case 'login-attempts':
      return loginAttempts(message.fullName, shop);
    case 'new-device':
      return newDevice(message, shop);
    case 'staff-invite':
      return staffInvite(message, shop);
    case 'two-factor-reset':
      return twoFactorReset(message, shop);
    case 'contact-shop':
      return contactShop(message.name, message.email, message.message, shop);
    case 'contact-copy':
      return contactCopy(shop);
    case 'release-rolled-back':
      return releaseRolledBack(message.remote, message.version, message.live, message.views, message.errors, message.ratePercent, shop);
    case 'review-request':
      return reviewRequest(message, shop);
    case 'back-in-stock':
      return backInStock(message, shop);
    case 'card-payment-refunded':
      return cardRefunded(message, shop);
  }
}
