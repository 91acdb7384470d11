import type { Db, Queryable } from './client.js';
import init from './migrations/001_init.js';
import catalogVersion from './migrations/003_catalog_version.js';
import filterOrder from './migrations/002_filter_order.js';
import catalogSearch from './migrations/004_catalog_search.js';
import productJson from './migrations/005_product_json.js';
import referenceIndexes from './migrations/006_reference_indexes.js';
import catalogChanges from './migrations/007_catalog_changes.js';
import stock from './migrations/008_stock.js';
import mail from './migrations/009_mail.js';
import sessions from './migrations/010_sessions.js';
import contact from './migrations/011_contact.js';
import coupons from './migrations/012_coupons.js';
import optionPhotos from './migrations/013_option_photos.js';
import wordSearch from './migrations/014_word_search.js';
import rateLimits from './migrations/015_rate_limits.js';
import searchTiers from './migrations/016_search_tiers.js';
import auditLog from './migrations/017_audit_log.js';
import orderSearch from './migrations/018_order_search.js';
import insightIndexes from './migrations/019_insight_indexes.js';
import adminSearch from './migrations/020_admin_search.js';
import productDrafts from './migrations/021_product_drafts.js';
import salesRollups from './migrations/022_sales_rollups.js';
import orderWriteIndexes from './migrations/023_order_write_indexes.js';
import salesLevels from './migrations/024_sales_levels.js';
import mailSecrets from './migrations/025_mail_secrets.js';
import releases from './migrations/028_releases.js';
import translations from './migrations/030_translations.js';
import reviews from './migrations/032_reviews.js';
import orderShipment from './migrations/034_order_shipment.js';
import reviewSortIndexes from './migrations/037_review_sort_indexes.js';
import shippingTax from './migrations/038_shipping_tax.js';
import invoices from './migrations/039_invoices.js';
import staffSecurity from './migrations/040_staff_security.js';
import backInStockCurrencyStatus from './migrations/041_back_in_stock_currency_status.js';
import newForeignKeyIndexes from './migrations/042_new_foreign_key_indexes.js';
import storefrontContent from './migrations/043_storefront_content.js';
import cardPayments from './migrations/044_card_payments.js';
import guestCheckout from './migrations/045_guest_checkout.js';
import reviewListChanges from './migrations/047_review_list_changes.js';
import invoiceQueue from './migrations/048_invoice_queue.js';
import checkoutSetupVersion from './migrations/049_checkout_setup_version.js';
import cartAdd from './migrations/050_cart_add.js';

/** Versioned migrations, applied in order, each recorded once in schema_migrations. */
export const migrations: Array<{ id: string; sql: string }> = [
  { id: '001_init', sql: init },
  { id: '002_filter_order', sql: filterOrder },
  { id: '003_catalog_version', sql: catalogVersion },
  { id: '004_catalog_search', sql: catalogSearch },
  { id: '005_product_json', sql: productJson },
  { id: '006_reference_indexes', sql: referenceIndexes },
  { id: '007_catalog_changes', sql: catalogChanges },
  { id: '008_stock', sql: stock },
  { id: '009_mail', sql: mail },
  { id: '010_sessions', sql: sessions },
  { id: '011_contact', sql: contact },
  { id: '012_coupons', sql: coupons },
  { id: '013_option_photos', sql: optionPhotos },
  { id: '014_word_search', sql: wordSearch },
  { id: '015_rate_limits', sql: rateLimits },
  { id: '016_search_tiers', sql: searchTiers },
  { id: '017_audit_log', sql: auditLog },
  { id: '018_order_search', sql: orderSearch },
  { id: '019_insight_indexes', sql: insightIndexes },
  { id: '020_admin_search', sql: adminSearch },
  { id: '021_product_drafts', sql: productDrafts },
  { id: '022_sales_rollups', sql: salesRollups },
  { id: '023_order_write_indexes', sql: orderWriteIndexes },
  { id: '024_sales_levels', sql: salesLevels },
  { id: '025_mail_secrets', sql: mailSecrets },
  { id: '028_releases', sql: releases },
  { id: '030_translations', sql: translations },
  { id: '032_reviews', sql: reviews },
  { id: '034_order_shipment', sql: orderShipment },
  { id: '037_review_sort_indexes', sql: reviewSortIndexes },
  { id: '038_shipping_tax', sql: shippingTax },
  { id: '039_invoices', sql: invoices },
  { id: '040_staff_security', sql: staffSecurity },
  { id: '041_back_in_stock_currency_status', sql: backInStockCurrencyStatus },
  { id: '042_new_foreign_key_indexes', sql: newForeignKeyIndexes },
  { id: '043_storefront_content', sql: storefrontContent },
  { id: '044_card_payments', sql: cardPayments },
  { id: '045_guest_checkout', sql: guestCheckout },
  { id: '047_review_list_changes', sql: reviewListChanges },
  { id: '048_invoice_queue', sql: invoiceQueue },
  { id: '049_checkout_setup_version', sql: checkoutSetupVersion },
  { id: '050_cart_add', sql: cartAdd },
];

export async function migrate(db: Db): Promise<string[]> {
  // Under the migrators' lock too: CREATE TABLE IF NOT EXISTS is not safe against itself, and two
  // processes starting on an empty database both tried to make the table (a unique violation).
  await db.tx(async (q) => {
    await q.query(`SELECT pg_advisory_xact_lock(4242)`);
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.tx(async (q) => {
      // One migrator at a time, even with several API processes starting together.
      await q.query(`SELECT pg_advisory_xact_lock(4242)`);
      if (await q.one(`SELECT id FROM schema_migrations WHERE id = $1`, [m.id])) return false;
      for (const stmt of splitSql(m.sql)) await q.query(stmt);
      await q.query(`INSERT INTO schema_migrations (id) VALUES ($1)`, [m.id]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}

function splitSql(sql: string): string[] {
  return sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean);
}

/** The migrations this version knows that the database has not recorded (GET /api/ready). */
export async function pendingMigrations(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM schema_migrations`);
  const applied = new Set(rows.map((r) => r.id));
  return migrations.map((m) => m.id).filter((id) => !applied.has(id));
}
