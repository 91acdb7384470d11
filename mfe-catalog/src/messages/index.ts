import { defineCatalogue } from '@shop/shared';

/** The catalog remote's catalogue: only the page's locale is fetched (a chunk of its own). */
export const { useT } = defineCatalogue({
  en: () => import(/* webpackChunkName: "catalog-messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "catalog-messages-fr" */ './fr'),
});
export type CatalogKey = Parameters<ReturnType<typeof useT>>[0];
