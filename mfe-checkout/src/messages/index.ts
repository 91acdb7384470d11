import { defineCatalogue, useMessages } from '@shop/shared';

/** The checkout remote's catalogue: only the page's locale is fetched (a chunk of its own). */
const catalogue = defineCatalogue({
  en: () => import(/* webpackChunkName: "checkout-messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "checkout-messages-fr" */ './fr'),
});

export const useT = () => useMessages(catalogue);
export type CheckoutKey = Parameters<ReturnType<typeof useT>>[0];
