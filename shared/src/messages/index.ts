import { defineCatalogue, useMessages } from '../i18n';

/** The shared parts' catalogue (fallbacks, 404, pagination, prices, dialogs), the page's locale only. */
const catalogue = defineCatalogue({
  en: () => import(/* webpackChunkName: "shared-messages-en" */ './en'),
  fr: () => import(/* webpackChunkName: "shared-messages-fr" */ './fr'),
});

export const useT = () => useMessages(catalogue);
