// Issue 40, its guest part: buying without an account when the owner turns guestCheckout on. A guest's
// cart is reached with the X-Cart-Token header (the token POST /cart/guest gave); an order a guest placed
// with its private link's token (/order-status/{token}, e-mailed with the confirmation).
import { Type } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Pdf } from './invoices';
import { Cart, Order } from './shapes';
import { DateTime, Message } from './schema';
import { GUEST_TOKEN_PATTERN } from './values';

const guests = ['guests'];


const TokenParam = Type.Object({ token: Type.String({ pattern: GUEST_TOKEN_PATTERN }) });
export const GuestCart = Type.Object({ cartToken: Type.String(), expiresAt: DateTime });
export const GuestOrderStatus = Type.Object({
  order: Order,
  /** The guest may still cancel it (pending). */
  canCancel: Type.Boolean(),
  /** An account already has the order's e-mail (then "Create an account" is not offered). */
  hasAccount: Type.Boolean(),
});
export const FindMyOrderBody = Type.Object(
  { orderNumber: Type.String({ minLength: 1, maxLength: 40 }), email: Type.String({ minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);

export const guestEndpoints = {
  guestCheckoutOn: endpoint({
    method: 'GET',
    path: '/settings/guest-checkout',
    access: 'anyone',
    tags: guests,
    summary: 'Whether a visitor may buy without an account (the storefront asks before offering it)',
    answers: { 200: Type.Object({ guestCheckout: Type.Boolean() }) },
  }),
  createGuestCart: endpoint({
    method: 'POST',
    path: '/cart/guest',
    access: 'anyone',
    tags: guests,
    summary: 'A new anonymous cart: its token (send it as X-Cart-Token); 403 while guest checkout is off, 429 past the per-address limit',
    answers: { 201: GuestCart },
  }),
  mergeGuestCart: endpoint({
    method: 'POST',
    path: '/cart/merge',
    access: 'customer',
    tags: guests,
    summary: "At sign-in: the guest cart the X-Cart-Token header names joins the account's (same piece and options: quantities added, capped by stock); the token is spent",
    answers: { 200: Cart },
  }),
  guestOrder: endpoint({
    method: 'GET',
    path: '/order-status/:token',
    access: 'anyone',
    tags: guests,
    summary: "A guest's order through its private link",
    params: TokenParam,
    answers: { 200: GuestOrderStatus },
  }),
  cancelGuestOrder: endpoint({
    method: 'POST',
    path: '/order-status/:token/cancel',
    access: 'anyone',
    tags: guests,
    summary: "Cancel a guest's order through its private link (while pending)",
    params: TokenParam,
    answers: { 200: GuestOrderStatus },
  }),
  guestInvoicePdf: endpoint({
    method: 'GET',
    path: '/order-status/:token/invoice.pdf',
    access: 'anyone',
    tags: guests,
    summary: "A guest order's invoice as a PDF, through its private link",
    params: TokenParam,
    answers: { 200: Pdf('the invoice, INV-YYYY-NNNNNN') },
  }),
  guestAccount: endpoint({
    method: 'POST',
    path: '/order-status/:token/account',
    access: 'anyone',
    tags: guests,
    summary: "Create an account with the order's e-mail: a link to set its password is e-mailed; the guest orders with that e-mail join it",
    params: TokenParam,
    answers: { 200: Message },
  }),
  findMyOrder: endpoint({
    method: 'POST',
    path: '/order-status/find',
    access: 'anyone',
    tags: guests,
    summary: "E-mails a guest order's link to its e-mail when the number and e-mail match (the same answer either way)",
    body: FindMyOrderBody,
    answers: { 200: Message },
  }),
};
