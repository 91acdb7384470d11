import { defineCatalogue, useMessages } from '@shop/shared';

/** The account remote's catalogue: only the page's locale is fetched (a chunk of its own). */
const catalogue = defineCatalogue({
  en: () => import(/* webpackChunkName: "account-messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "account-messages-fr" */ './fr'),
});

export const useT = () => useMessages(catalogue);
export type AccountKey = Parameters<ReturnType<typeof useT>>[0];
