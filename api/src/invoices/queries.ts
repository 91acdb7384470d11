// Issue 39: the SQL of invoices, credit notes and the store settings (migration 039).
import type { Queryable } from '../db/client.js';
import type { NewMail } from '../mail/queries.js';
import { DOCUMENT_NUMBER_DIGITS, DOCUMENT_PREFIXES, type DocumentKind } from '@shop/contract';
import type { Seller } from './document.js';

export interface StoreSettingsRow {
  legal_name: string;
  address: string;
  tax_id: string;
  invoice_footer: string;
  default_country: string | null;
  guest_checkout: boolean;
  guest_carts_per_hour: number;
  updated_at: Date | string;
}

export const getStoreSettings = async (q: Queryable) =>
  (await q.one<StoreSettingsRow>(`SELECT legal_name, address, tax_id, invoice_footer, default_country, guest_checkout, guest_carts_per_hour, updated_at FROM store_settings WHERE id`))!;

export const setStoreSettings = async (q: Queryable, s: Omit<StoreSettingsRow, 'updated_at'>) =>
  (await q.one<StoreSettingsRow>(
    `UPDATE store_settings SET legal_name = $1, address = $2, tax_id = $3, invoice_footer = $4, default_country = $5,
        guest_checkout = $6, guest_carts_per_hour = $7, updated_at = now()
      WHERE id RETURNING legal_name, address, tax_id, invoice_footer, default_country, guest_checkout, guest_carts_per_hour, updated_at`,
    [s.legal_name, s.address, s.tax_id, s.invoice_footer, s.default_country, s.guest_checkout, s.guest_carts_per_hour],
  ))!;

/** The seller as a document keeps it: the store settings' row as JSON (SQL). */
const SELLER_JSON = `(SELECT json_build_object('legalName', legal_name, 'address', address, 'taxId', tax_id, 'invoiceFooter', invoice_footer) FROM store_settings WHERE id)`;
/** A document's number (SQL), as the contract's formatDocumentNumber writes it: INV-2026-000123 (past 999,999 longer, never cut). */
const numberSql = (kind: DocumentKind, year: string, seq: string) =>
  `'${DOCUMENT_PREFIXES[kind]}-' || ${year}::text || '-' || lpad((${seq})::text, greatest(${DOCUMENT_NUMBER_DIGITS}, length((${seq})::text)), '0')`;

/**
 * The next number of a kind in a year, as the counter row's lock gives it (INSERT … ON CONFLICT DO
 * UPDATE locks the row until the transaction ends: the next one waits, and takes this number again if
 * this one rolls back), and the document written with it: its number, the seller now.
 */
const issueCtes = (kind: DocumentKind, orderId: string, year: string, issuedAt: string) => `
  n AS (INSERT INTO document_counters (kind, year, last) VALUES ('${kind}', ${year}, 1)
          ON CONFLICT (kind, year) DO UPDATE SET last = document_counters.last + 1 RETURNING last),
  doc AS (INSERT INTO order_documents (order_id, kind, year, seq, number, issued_at, seller)
          SELECT ${orderId}, '${kind}', ${year}, n.last, ${numberSql(kind, year, 'n.last')}, ${issuedAt}, ${SELLER_JSON}::jsonb
            FROM n RETURNING number, issued_at, seller)`;

export interface IssuedRow {
  number: string;
  issued_at: Date | string;
  seller: Seller;
}

/**
 * An order queued for its invoice number (P39b, migration 048), with the confirmation it owes, which goes to
 * the outbox when the number is given (its PDF carries it): a part of the checkout's write
 * (orders/checkout-queries.ts writeOrder, one statement). `orderId` and `p` name its parameters, p in
 * queueParams' order.
 */
export const queueInvoiceSql = (orderId: string, [key, kind, to, replyTo, message, secret]: string[]) =>
  `INSERT INTO invoice_queue (order_id, mail_key, mail_kind, mail_to, mail_reply_to, mail_message, mail_secret) VALUES (${orderId}, ${key}, ${kind}, ${to}, ${replyTo}, ${message}::jsonb, ${secret})`;
/** Its values: none but the order's when the order owes no confirmation (its buyer's account is gone). Issue 40: a guest's confirmation carries its order link's token, sealed. */
export const queueParams = (confirmation: NewMail | null) => [
  confirmation?.key ?? null,
  confirmation?.kind ?? null,
  confirmation?.to ?? null,
  confirmation?.replyTo ?? null,
  confirmation?.message ?? null,
  confirmation?.secret ?? null,
];

export interface NumberedRow {
  order_id: string;
  number: string;
}

/**
 * Numbers up to `limit` queued orders in one statement, oldest first: the counter of their year (of the
 * order's date, as the document is dated; a batch across New Year advances both, in order) advanced once
 * by their count (its row locked to the commit: batches pass it one at a time, each flush numbering
 * many), each its document with the seller now, its number on the order, its confirmation put in the
 * outbox with the number and the seller, its queue row gone. Orders and queue rows another transaction
 * holds are skipped (another batch's; an order being cancelled, which numbers its own: onlyOrderId, in
 * its transaction), so a batch never waits on an order while it holds the counter.
 */
export const numberQueued = (q: Queryable, limit: number, onlyOrderId: string | null = null) =>
  q.query<NumberedRow>(
    `WITH picked AS (SELECT iq.*, o.created_at, extract(year FROM o.created_at AT TIME ZONE 'UTC')::integer AS year
                       FROM invoice_queue iq JOIN orders o ON o.id = iq.order_id WHERE $2::uuid IS NULL OR iq.order_id = $2
                      ORDER BY iq.queued_at, iq.order_id LIMIT $1 FOR UPDATE OF iq, o SKIP LOCKED),
       ranked AS (SELECT picked.*, row_number() OVER (PARTITION BY year ORDER BY queued_at, order_id) AS i, count(*) OVER (PARTITION BY year) AS c FROM picked),
       n AS (INSERT INTO document_counters (kind, year, last) SELECT 'invoice', year, count(*) FROM ranked GROUP BY year ORDER BY year
               ON CONFLICT (kind, year) DO UPDATE SET last = document_counters.last + EXCLUDED.last RETURNING year, last),
       doc AS (INSERT INTO order_documents (order_id, kind, year, seq, number, issued_at, seller)
                 SELECT r.order_id, 'invoice', r.year, n.last - r.c + r.i, ${numberSql('invoice', 'r.year', 'n.last - r.c + r.i')}, r.created_at, ${SELLER_JSON}::jsonb
                   FROM ranked r JOIN n USING (year) RETURNING order_id, number, seller),
       o AS (UPDATE orders SET invoice_number = doc.number FROM doc WHERE orders.id = doc.order_id),
       m AS (INSERT INTO mail_outbox (idempotency_key, kind, to_address, reply_to, message, secret)
               SELECT r.mail_key, r.mail_kind, r.mail_to, r.mail_reply_to,
                      jsonb_set(jsonb_set(jsonb_set(r.mail_message, '{order,invoiceNumber}', to_jsonb(doc.number)), '{invoice,number}', to_jsonb(doc.number)), '{invoice,seller}', doc.seller),
                      r.mail_secret
                 FROM ranked r JOIN doc USING (order_id) WHERE r.mail_to IS NOT NULL
               ON CONFLICT (idempotency_key) DO NOTHING),
       gone AS (DELETE FROM invoice_queue WHERE order_id IN (SELECT order_id FROM doc))
     SELECT order_id, number FROM doc`,
    [limit, onlyOrderId],
    'invoice-number',
  );

/** An order's invoice number, once whoever numbers it has committed (a batch or a cancel holding the order waits here). */
export const invoiceNumberOf = async (q: Queryable, orderId: string) =>
  (await q.one<{ invoice_number: string | null }>(`SELECT invoice_number FROM orders WHERE id = $1 FOR SHARE`, [orderId]))?.invoice_number ?? null;

/** A cancelled or rejected order's credit note (once: an order that has one gets none again); null when it has one already. */
export const issueCreditNote = (q: Queryable, orderId: string, year: number, issuedAt: Date) =>
  q.one<IssuedRow>(
    `WITH ${issueCtes('credit_note', '$1::uuid', '$2::integer', '$3::timestamptz')},
       o AS (UPDATE orders SET credit_note_number = doc.number FROM doc WHERE orders.id = $1)
     SELECT number, issued_at, seller FROM doc`,
    [orderId, year, issuedAt],
  );

export interface DocumentRow extends IssuedRow {
  kind: DocumentKind;
}
/** An order's document of a kind, as issued. */
export const getDocument = (q: Queryable, orderId: string, kind: DocumentKind) =>
  q.one<DocumentRow>(`SELECT kind, number, issued_at, seller FROM order_documents WHERE order_id = $1 AND kind = $2`, [orderId, kind]);
