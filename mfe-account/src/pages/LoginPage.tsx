import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the account team builds this page (see its issue). */
export default function LoginPage() {
  useDocumentTitle('LoginPage');
  return <EmptyState>LoginPage is being built.</EmptyState>;
}
