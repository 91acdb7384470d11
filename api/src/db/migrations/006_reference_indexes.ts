// A delete cascades to the rows that reference it: without an index on their reference, deleting a
// product read every cart and wishlist line, and deleting a discount every user's discount record
// (their keys start with user_id). db/foreignKeyIndexes.test.ts keeps every foreign key indexed.
export default `
CREATE INDEX cart_items_product_idx ON cart_items (product_id);
CREATE INDEX wishlist_items_product_idx ON wishlist_items (product_id);
CREATE INDEX user_discounts_discount_idx ON user_discounts (discount_id);
`;
