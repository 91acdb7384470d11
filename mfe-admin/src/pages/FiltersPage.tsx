import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function FiltersPage() {
  useDocumentTitle('FiltersPage');
  return <EmptyState>FiltersPage is being built.</EmptyState>;
}
