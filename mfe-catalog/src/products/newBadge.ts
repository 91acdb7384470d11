// Its own module, without @shop/shared, so the server's first view (src/firstView) shows the same badge.

/** SPEC §3: a tag equal to 'new' (ignoring case) gives the New badge. */
export const isNewProduct = (product: { tags?: string[] | null }): boolean => (product.tags ?? []).some((tag) => tag.trim().toLowerCase() === 'new');
