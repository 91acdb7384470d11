import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the account team builds this page (see its issue). */
export default function OrdersList() {
  useDocumentTitle('OrdersList');
  return <EmptyState>OrdersList is being built.</EmptyState>;
}
