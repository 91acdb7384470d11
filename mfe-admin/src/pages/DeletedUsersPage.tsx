import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function DeletedUsersPage() {
  useDocumentTitle('DeletedUsersPage');
  return <EmptyState>DeletedUsersPage is being built.</EmptyState>;
}
