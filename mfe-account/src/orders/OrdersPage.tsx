import { useDocumentTitle } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import OrdersList from './OrdersList';

/** /my-account/orders: the customer's own orders, with a cancel action for pending ones. */
export default function OrdersPage() {
  useDocumentTitle('My Orders', 'Your orders at Aurelia Jewels: status, details and cancellation of pending orders.');
  return (
    <AccountLayout title="My Orders">
      <OrdersList mode="customer" />
    </AccountLayout>
  );
}
