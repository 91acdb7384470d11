import type { MailMessage, RenderedMail, ShopIdentity } from '../messages.js';
import { contactCopy } from './contactCopy.js';
import { contactShop } from './contactShop.js';
import { loginAttempts } from './loginAttempts.js';
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
      return orderConfirmation(message.order, shop, message.locale);
    case 'order-status':
      return orderStatus(message.order, message.status, shop);
    case 'welcome':
      return welcome(message.fullName, shop, message.locale);
    case 'password-reset':
      return passwordReset(message.fullName, message.resetUrl, message.expiresInMinutes, shop);
    case 'login-attempts':
      return loginAttempts(message.fullName, shop);
    case 'contact-shop':
      return contactShop(message.name, message.email, message.message, shop);
    case 'contact-copy':
      return contactCopy(shop);
    case 'release-rolled-back':
      return releaseRolledBack(message.remote, message.version, message.live, message.views, message.errors, message.ratePercent, shop);
    case 'review-request':
      return reviewRequest(message, shop);
  }
}
