import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the catalog team builds this page (see its issue). */
export default function ShopPage() {
  useDocumentTitle('ShopPage');
  return <EmptyState>ShopPage is being built.</EmptyState>;
}
