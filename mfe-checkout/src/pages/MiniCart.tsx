import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function MiniCart() {
  useDocumentTitle('MiniCart');
  return <EmptyState>MiniCart is being built.</EmptyState>;
}
