import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function ProductsPage() {
  useDocumentTitle('ProductsPage');
  return <EmptyState>ProductsPage is being built.</EmptyState>;
}
