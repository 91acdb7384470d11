import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the account team builds this page (see its issue). */
export default function RegisterPage() {
  useDocumentTitle('RegisterPage');
  return <EmptyState>RegisterPage is being built.</EmptyState>;
}
