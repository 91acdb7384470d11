import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the catalog team builds this page (see its issue). */
export default function ProductPage() {
  useDocumentTitle('ProductPage');
  return <EmptyState>ProductPage is being built.</EmptyState>;
}
