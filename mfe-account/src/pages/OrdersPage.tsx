import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the account team builds this page (see its issue). */
export default function OrdersPage() {
  useDocumentTitle('OrdersPage');
  return <EmptyState>OrdersPage is being built.</EmptyState>;
}
