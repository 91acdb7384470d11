import { useEffect } from 'react';
import { headIn, type PageHead, pageTitle, SHOP_DESCRIPTIONS } from '@shop/contract';
import { useLocale } from './i18n';

/**
 * Sets the page's title and meta description (for screen readers, tabs and link previews) as the
 * contract's page heads say, the same the server writes into the page's HTML: a head from
 * PAGE_HEADS, productHead or shopHead, or a name alone (the back office). Nothing while undefined.
 */
export function useDocumentTitle(head: PageHead | string | undefined): void {
  // In the page's language (issue 37): a page's own head becomes its translation (contract headIn).
  const locale = useLocale();
  const { title, description = SHOP_DESCRIPTIONS[locale] } = typeof head === 'string' ? { title: head } : head ? headIn(head, locale) : {};
  useEffect(() => {
    if (!title) return;
    document.title = pageTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
