import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function CartPage() {
  useDocumentTitle('CartPage');
  return <EmptyState>CartPage is being built.</EmptyState>;
}
