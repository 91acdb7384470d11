// Issue 38: the shop sorts by the price the shopper pays, its running sales taken off: contract
// money.ts discountedUnitPrice in SQL, the one text the database's sort and the catalogue's memory both
// run, so they order alike. Amounts in minor units; a discount's value is kept in minor units too (a
// percentage as its percent × 100), and PostgreSQL's round() of a positive numeric is JavaScript's Math.round.

/**
 * What the product `product` sells for at `amount` in `currency` (SQL expressions): the amount less
 * each running discount of the product (a percentage of the amount, rounded; a fixed value), never below 0.
 */
export const paidMinor = (amount: string, product: string, currency: string) =>
  `greatest(${amount} - coalesce((SELECT sum(CASE WHEN d.discount_type = 'percentage'
      THEN round(${amount} * coalesce((d.value ->> ${currency})::numeric, 0) / 10000)
      ELSE coalesce((d.value ->> ${currency})::numeric, 0) END)
    FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id
   WHERE pd.product_id = ${product} AND d.time_limit >= now()), 0), 0)::bigint`;

/** SQL: whether any sale runs now (a discount not past its time, on some product): without one, the price paid is the price. */
export const ANY_SALE = `SELECT EXISTS (SELECT 1 FROM discounts d WHERE d.time_limit >= now() AND EXISTS (SELECT 1 FROM product_discounts pd WHERE pd.discount_id = d.id)) AS on`;

/** SQL: when the first running sale ends (epoch ms; null: none runs), after which the kept order of prices paid is stale. */
export const SALES_CHANGE_AT = `SELECT floor(extract(epoch FROM min(d.time_limit)) * 1000)::bigint AS at FROM discounts d
  WHERE d.time_limit >= now() AND EXISTS (SELECT 1 FROM product_discounts pd WHERE pd.discount_id = d.id)`;
