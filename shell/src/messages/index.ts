import { defineCatalogue, useMessages } from '@shop/shared';

/**
 * The shell's catalogue: only the page's locale is fetched. In the chunk of @shop/shared's own catalogue
 * (the same chunk name: webpack puts both in one file), as the shell loads both before its first render:
 * one request a page instead of two (issue 37, /shop's 40 requests).
 */
const catalogue = defineCatalogue({
  en: () => import(/* webpackChunkName: "shared-messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "shared-messages-fr" */ './fr'),
});

export const useT = () => useMessages(catalogue);
export type ShellKey = Parameters<ReturnType<typeof useT>>[0];
