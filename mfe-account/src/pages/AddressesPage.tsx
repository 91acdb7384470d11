import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the account team builds this page (see its issue). */
export default function AddressesPage() {
  useDocumentTitle('AddressesPage');
  return <EmptyState>AddressesPage is being built.</EmptyState>;
}
