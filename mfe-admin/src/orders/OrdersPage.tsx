import { RemoteComponent } from '@shop/shared';
import { AdminLayout } from '../layout/AdminLayout';

/**
 * /orders: the account remote's orders list in admin mode (status dropdown, table, empty message,
 * Order Details modal with status change and delete), inside the admin layout.
 */
export default function OrdersPage() {
  return (
    <AdminLayout title="Orders">
      <RemoteComponent id="account/OrdersList" props={{ mode: 'admin' }} />
    </AdminLayout>
  );
}
