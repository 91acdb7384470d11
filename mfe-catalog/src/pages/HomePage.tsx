import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the catalog team builds this page (see its issue). */
export default function HomePage() {
  useDocumentTitle('HomePage');
  return <EmptyState>HomePage is being built.</EmptyState>;
}
