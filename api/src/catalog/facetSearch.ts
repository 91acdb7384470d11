// What a search from memory is asked, in its own module: the queries (which may hand a search to
// it) and the index (facets.ts, which reads its lists through the queries) both depend on it, not on
// each other.

/** A search without a keyword (queries.ts searchProductIds). */
export interface FacetQuery {
  currencyId: string | null;
  /** Option ids grouped by filter: any of a group, every group. */
  optionGroups: string[][];
  /** Minor units. */
  gte?: number;
  lte?: number;
}
export interface FacetSearch extends FacetQuery {
  sortBy: string;
  offset: number;
  limit: number;
}

/** Answers a search without a keyword from memory, or null (a sort it does not know, or not ready for the current catalogue: ask the database). */
export interface FacetSearcher {
  search(f: FacetSearch): Promise<{ ids: string[]; total: number } | null>;
}
