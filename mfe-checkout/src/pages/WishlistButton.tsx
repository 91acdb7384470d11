import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function WishlistButton() {
  useDocumentTitle('WishlistButton');
  return <EmptyState>WishlistButton is being built.</EmptyState>;
}
