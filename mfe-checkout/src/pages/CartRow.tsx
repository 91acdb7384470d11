import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function CartRow() {
  useDocumentTitle('CartRow');
  return <EmptyState>CartRow is being built.</EmptyState>;
}
