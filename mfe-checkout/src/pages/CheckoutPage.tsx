import { EmptyState, useDocumentTitle } from '@shop/shared';

/** Placeholder until the checkout team builds this page (see its issue). */
export default function CheckoutPage() {
  useDocumentTitle('CheckoutPage');
  return <EmptyState>CheckoutPage is being built.</EmptyState>;
}
