// Issue 39: the store's own details (the seller an invoice names) and the invoice and credit note PDFs.
import { Type } from '@sinclair/typebox';
import { COUNTRY_CODE_PATTERN } from '../countries';
import { STORE_SETTINGS_LIMITS as L, TAX_ID_PATTERN } from '../invoices';
import { endpoint } from './endpoint';
import { DateTime, IdParam, Nullable } from './schema';

/** A PDF download's answer (application/pdf). */
export const Pdf = (description: string) => Type.String({ description, contentMediaType: 'application/pdf' });

const text = (max: number) => Type.String({ maxLength: max });
export const StoreSettings = Type.Object({
  legalName: Type.String(),
  address: Type.String({ description: 'the postal address, lines separated by line breaks' }),
  taxId: Type.String({ description: 'VAT or tax id; empty when the shop has none' }),
  invoiceFooter: Type.String(),
  defaultCountry: Nullable(Type.String(), { description: 'ISO 3166-1 alpha-2; null until set' }),
  /** Issue 40: visitors may buy without an account (also on with GUEST_CHECKOUT=1). */
  guestCheckout: Type.Boolean(),
  /** Issue 40: GUEST_CHECKOUT=1 turns it on whatever is saved here. */
  guestCheckoutByEnv: Type.Boolean(),
  /** Issue 40: anonymous carts one address may open in an hour. */
  guestCartsPerHour: Type.Integer(),
  updatedAt: DateTime,
});
export const StoreSettingsBody = Type.Object(
  {
    legalName: Type.String({ minLength: 1, maxLength: L.legalName, pattern: '\\S' }),
    address: Type.String({ minLength: 1, maxLength: L.address, pattern: '\\S' }),
    taxId: Type.String({ maxLength: L.taxId, pattern: `^$|${TAX_ID_PATTERN}`, description: 'empty when the shop has none' }),
    invoiceFooter: text(L.invoiceFooter),
    defaultCountry: Type.String({ pattern: COUNTRY_CODE_PATTERN, description: 'ISO 3166-1 alpha-2, upper case, one of the contract\'s countries' }),
    guestCheckout: Type.Optional(Type.Boolean()),
    guestCartsPerHour: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  },
  { additionalProperties: false },
);

const settings = ['settings'];
const orders = ['orders'];

export const invoiceEndpoints = {
  storeSettings: endpoint({
    method: 'GET',
    path: '/settings/store',
    access: 'admin', permission: 'settings',
    tags: settings,
    summary: "The store's legal name, address, VAT/tax id, invoice footer and default country (the seller on its invoices)",
    answers: { 200: StoreSettings },
  }),
  updateStoreSettings: endpoint({
    method: 'PUT',
    path: '/settings/store',
    access: 'superAdmin', permission: 'settings',
    tags: settings,
    summary: 'Set the store settings (super admin); invoices issued before keep the seller they were issued with',
    body: StoreSettingsBody,
    answers: { 200: StoreSettings },
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/order/:id/invoice.pdf',
    access: 'customer',
    tags: orders,
    summary: "An order's invoice as a PDF: the buyer's own orders (another's: 404), any order for an admin",
    params: IdParam,
    answers: { 200: Pdf('the invoice, INV-YYYY-NNNNNN') },
  }),
  creditNotePdf: endpoint({
    method: 'GET',
    path: '/order/:id/credit-note.pdf',
    access: 'customer',
    tags: orders,
    summary: "A cancelled or rejected order's credit note as a PDF (404 while it has none)",
    params: IdParam,
    answers: { 200: Pdf('the credit note, CN-YYYY-NNNNNN') },
  }),
};
