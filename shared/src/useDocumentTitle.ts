import { useEffect } from 'react';

/** Sets the page title (and meta description when given) for SEO and screen readers. */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} | Aurelia Jewels`;
    if (description !== undefined) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
