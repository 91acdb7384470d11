import { PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import OrdersList from './OrdersList';
import { useT } from '../messages';

/** /my-account/orders: the customer's own orders, with a cancel action for pending ones. */
export default function OrdersPage() {
  useDocumentTitle(PAGE_HEADS['account/OrdersPage']);
  const t = useT();
  return (
    <AccountLayout title={t('orders.title')}>
      <OrdersList mode="customer" />
    </AccountLayout>
  );
}
