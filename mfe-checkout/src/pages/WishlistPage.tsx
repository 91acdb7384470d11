import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function WishlistPage() {
  useDocumentTitle('WishlistPage');
  return <EmptyState>WishlistPage is being built.</EmptyState>;
}
