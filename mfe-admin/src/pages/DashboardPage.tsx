import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function DashboardPage() {
  useDocumentTitle('DashboardPage');
  return <EmptyState>DashboardPage is being built.</EmptyState>;
}
