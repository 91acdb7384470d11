// Issue 38 (17): the shop's own words, written by the owner in the back office (Content page) and read by
// the storefront (content/). storefront_content: one row per section ('home': the hero's slides and the
// promotion banners; 'footer': its links and social accounts), the section as the back office sends it,
// French beside the English (contract api/content.ts); a section without its row shows the shop's first
// words (content/defaults.ts). content_pages: the policy pages (shipping-returns, secure-shopping,
// privacy-policy), their French in translations {fr: {title, body}} as products keep theirs (030).
// The storefront keeps GET /api/content in the catalogue's memory, so a change bumps the catalogue version
// (every process drops its kept answers, as for a product) and records it as content_only: the product
// pages kept in memory stay (catalog/memory/queries.ts productsChangedBetween reads no product for it).
// Each function body stays on one line: migrations are split at ";" + newline.
/** The statement triggers that bump the catalogue version on a write to a table the storefront keeps (049 uses them too). */
export const triggers = (table: string) =>
  ['ins', 'upd', 'del']
    .map((op) => {
      const [event, ref] = op === 'ins' ? ['INSERT', 'NEW'] : op === 'upd' ? ['UPDATE', 'NEW'] : ['DELETE', 'OLD'];
      return `CREATE TRIGGER ${table}_catalog_${op} AFTER ${event} ON ${table} REFERENCING ${ref} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION storefront_content_changed();`;
    })
    .join('\n');

export default `
CREATE TABLE storefront_content (
  section text PRIMARY KEY CHECK (section IN ('home', 'footer')),
  document jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE content_pages (
  slug text PRIMARY KEY CHECK (slug IN ('shipping-returns', 'secure-shopping', 'privacy-policy')),
  title text NOT NULL,
  body text NOT NULL,
  translations jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE catalog_changes ADD COLUMN content_only boolean NOT NULL DEFAULT false;
CREATE FUNCTION storefront_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; BEGIN IF NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF; UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); INSERT INTO catalog_changes (version, product_id, content_only) VALUES (v, NULL, true); DELETE FROM catalog_changes WHERE version <= v - 1000; RETURN NULL; END $$;
${triggers('storefront_content')}
${triggers('content_pages')}
`;
