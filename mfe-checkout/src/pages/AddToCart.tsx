import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function AddToCart() {
  useDocumentTitle('AddToCart');
  return <EmptyState>AddToCart is being built.</EmptyState>;
}
