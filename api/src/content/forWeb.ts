import type { FirstViewData, Locale } from '@shop/contract';
import type { Catalog } from '../catalog/index.js';
import type { Queryable } from '../db/client.js';
import { storefrontContent } from './service.js';

/**
 * The catalogue as the web layer reads it, with the storefront's content beside it (issue 38, 17): a
 * home page's first view shows the owner's first slide, read as GET /api/content answers it and kept in
 * the catalogue's memory until a save changes it.
 */
export function withContent(catalog: Catalog, q: Queryable): Catalog {
  const content = (locale: Locale) => () => catalog.memory.remember(['content', 'first view', locale], () => storefrontContent(q, locale));
  const withIt = (data: FirstViewData, locale: Locale): FirstViewData => ({ ...data, content: content(locale) });
  return { ...catalog, firstView: withIt(catalog.firstView, 'en'), firstViewIn: (locale) => withIt(catalog.firstViewIn(locale), locale) };
}
