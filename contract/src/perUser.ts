// How much of each of their own lists a customer may keep (issue 34 #9): what a real shop's customer
// needs, with room to spare, and no more (300 saved addresses all sent by one GET helped nobody).
// The API refuses one more with this message; the account pages may show it before asking.

export const PER_USER_LISTS = {
  /** Saved addresses: home, work, family and friends to send gifts to. */
  addresses: { max: 20, name: 'saved addresses' },
  /** Products kept for later. */
  wishlist: { max: 200, name: 'products in a wishlist' },
  /** Distinct lines (a product with its options) in the cart. */
  cartLines: { max: 100, name: 'different items in a cart' },
} as const;

export type PerUserList = keyof typeof PER_USER_LISTS;

/** The refusal of one more in a full list. */
export const listFullMessage = (list: PerUserList) => `You can keep at most ${PER_USER_LISTS[list].max} ${PER_USER_LISTS[list].name}; remove one to add another`;
