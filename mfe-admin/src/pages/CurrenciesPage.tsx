import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function CurrenciesPage() {
  useDocumentTitle('CurrenciesPage');
  return <EmptyState>CurrenciesPage is being built.</EmptyState>;
}
