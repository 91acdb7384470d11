import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the catalog team builds this page (see its issue). */
export default function AboutPage() {
  useDocumentTitle('AboutPage');
  return <EmptyState>AboutPage is being built.</EmptyState>;
}
