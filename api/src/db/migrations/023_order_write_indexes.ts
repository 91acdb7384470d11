// Every order written updates every index of `orders`. orders_created_idx (created_at) is the prefix of
// orders_created_number_idx (created_at, number, migration 018), which serves every read it served (a
// date range, an order by date): one index fewer to write per checkout.
export default `
DROP INDEX IF EXISTS orders_created_idx;
`;
