import { defineCatalogue, useMessages } from '@shop/shared';

/** The catalog remote's catalogue: only the page's locale is fetched (a chunk of its own). */
const catalogue = defineCatalogue({
  en: () => import(/* webpackChunkName: "catalog-messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "catalog-messages-fr" */ './fr'),
});

export const useT = () => useMessages(catalogue);
export type CatalogKey = Parameters<ReturnType<typeof useT>>[0];
