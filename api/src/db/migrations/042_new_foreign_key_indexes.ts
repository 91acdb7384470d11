// Every foreign key has an index starting with its columns (db/foreignKeyIndexes.test.ts): the ones
// migrations 038 (a product's tax class) and 041 (a signed-in shopper's back-in-stock alerts) added.
export default `
CREATE INDEX IF NOT EXISTS products_tax_class_idx ON products (tax_class_id);
CREATE INDEX IF NOT EXISTS stock_alerts_user_idx ON stock_alerts (user_id);
`;
