// The product page's review list in each of its orders (reviews/queries.ts PUBLIC_ORDER) from an index
// walk that stops at the page: 032's reviews_product_idx serves newest first only, and the other three
// orders sorted every approved review of the product (5,800 for the most reviewed of 300,000, 1.4 s
// with a cold cache, bench/README.md 2026-11-29). Partial like 032's: only approved reviews are listed.
export default `
CREATE INDEX reviews_product_helpful_idx ON reviews (product_id, helpful DESC, created_at DESC, id) WHERE status = 'approved';
CREATE INDEX reviews_product_highest_idx ON reviews (product_id, rating DESC, created_at DESC, id) WHERE status = 'approved';
CREATE INDEX reviews_product_lowest_idx ON reviews (product_id, rating, created_at DESC, id) WHERE status = 'approved';
`;
