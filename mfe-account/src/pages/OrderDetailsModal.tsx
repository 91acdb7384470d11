import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the account team builds this page (see its issue). */
export default function OrderDetailsModal() {
  useDocumentTitle('OrderDetailsModal');
  return <EmptyState>OrderDetailsModal is being built.</EmptyState>;
}
