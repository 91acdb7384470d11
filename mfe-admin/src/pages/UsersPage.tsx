import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function UsersPage() {
  useDocumentTitle('UsersPage');
  return <EmptyState>UsersPage is being built.</EmptyState>;
}
