// Issue 39: invoices and credit notes. Each placed order gets an invoice number from a sequence per
// shop and year with no gaps ("INV-2026-000123"); a cancelled or rejected order gets a credit note
// from a sequence of its own ("CN-2026-000007"), and its invoice is never edited.

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Each kind's prefix: the number reads PREFIX-YEAR-NNNNNN. */
export const DOCUMENT_PREFIXES: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };
/** Digits of a document's place in its year (zero-padded; a year past 999,999 documents just reads longer). */
export const DOCUMENT_NUMBER_DIGITS = 6;

/** 'invoice', 2026, 123 → "INV-2026-000123". */
export const formatDocumentNumber = (kind: DocumentKind, year: number, seq: number | string) =>
  `${DOCUMENT_PREFIXES[kind]}-${year}-${String(seq).padStart(DOCUMENT_NUMBER_DIGITS, '0')}`;

/** "INV-2026-000123" → { kind, year, seq }, or null for anything else. */
export function parseDocumentNumber(number: string): { kind: DocumentKind; year: number; seq: number } | null {
  const m = /^([A-Z]+)-(\d{4})-(\d{6,})$/.exec(number);
  const kind = m && DOCUMENT_KINDS.find((k) => DOCUMENT_PREFIXES[k] === m[1]);
  return kind ? { kind, year: Number(m[2]), seq: Number(m[3]) } : null;
}

/** The order statuses that undo a sale: the order gets a credit note. */
export const CREDITED_STATUSES = ['cancelled', 'rejected'] as const;

/** What the super admin may write in the store settings (the API refuses more, naming the field). */
export const STORE_SETTINGS_LIMITS = { legalName: 200, address: 500, taxId: 40, invoiceFooter: 500 } as const;
/** A VAT or tax id as registers print them: letters, digits, spaces, dots, dashes and slashes. */
export const TAX_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ./-]*$';
