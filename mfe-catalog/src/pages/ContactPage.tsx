import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the catalog team builds this page (see its issue). */
export default function ContactPage() {
  useDocumentTitle('ContactPage');
  return <EmptyState>ContactPage is being built.</EmptyState>;
}
