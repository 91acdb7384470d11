import { PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import OrdersList from './OrdersList';

/** /my-account/orders: the customer's own orders, with a cancel action for pending ones. */
export default function OrdersPage() {
  useDocumentTitle(PAGE_HEADS['account/OrdersPage']);
  return (
    <AccountLayout title="My Orders">
      <OrdersList mode="customer" />
    </AccountLayout>
  );
}
