import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the admin team builds this page (see its issue). */
export default function DiscountsPage() {
  useDocumentTitle('DiscountsPage');
  return <EmptyState>DiscountsPage is being built.</EmptyState>;
}
