import { defineCatalogue, useMessages } from '@shop/shared';

/** The shell's catalogue: only the page's locale is fetched (a chunk of its own). */
const catalogue = defineCatalogue({
  en: () => import(/* webpackChunkName: "messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ './fr'),
});

export const useT = () => useMessages(catalogue);
export type ShellKey = Parameters<ReturnType<typeof useT>>[0];
