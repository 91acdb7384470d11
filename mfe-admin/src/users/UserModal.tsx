import { useState } from 'react';
import {
  assetUrl, Button, call, urlOf, DataTable, formatMoney, Modal, notify, priceIn, RemoteComponent, Spinner, Tabs,
  useLoad, useSelectedCurrency, useSessionValue, type Column, type User, type WishlistItem,
} from '@shop/shared';
import styles from '../common/admin.module.css';
import { UserDiscountsTab } from './UserDiscountsTab';
import modalStyles from './UserModal.module.css';
import { useSaving } from '../common/useSaving';

const TABS = [
  { key: 'details', label: 'details' },
  { key: 'cart', label: 'Cart' },
  { key: 'wishlist', label: 'wishlist' },
  { key: 'discounts', label: 'Discounts' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export interface UserModalProps {
  userId: string | null;
  onClose: () => void;
  onUserChanged: (user: User) => void;
}

/** The user modal: details (role change by a super admin), Cart, wishlist and Discounts tabs (SPEC §2, §4). */
export function UserModal({ userId, onClose, onUserChanged }: UserModalProps) {
  const session = useSessionValue();
  const currency = useSelectedCurrency();
  const [tab, setTab] = useState<TabKey>('details');
  // Another user (or none) shown: back to the details tab.
  const [shownId, setShownId] = useState(userId);
  if (shownId !== userId) {
    setShownId(userId);
    setTab('details');
  }
  const loaded = useLoad(userId && urlOf('user', { params: { id: userId } }), () => call('user', { params: { id: userId! } }).then(({ data }) => data), {
    onError: () => {
      notify.error('Failed to fetch users');
      onClose();
    },
  });
  const details = loaded.data;
  const [busy, save] = useSaving();

  const userChanged = (user: User) => {
    loaded.setData((d) => (d ? { ...d, user: { ...d.user, ...user } } : d));
    onUserChanged(user);
  };

  const changeRole = async (user: User) => {
    const newRole = user.role === 'admin' ? 'customer' : 'admin';
    const saved = await save(call('changeRole', { params: { id: user._id }, body: { newRole } }), {
      pending: 'Changing Role...',
      success: 'Role Changed Successfully!',
      error: 'Failed to Change Role.',
    });
    if (saved) userChanged({ ...user, ...saved.data, role: saved.data?.role ?? newRole });
  };

  const wishlistColumns: Column<WishlistItem>[] = [
    { header: 'Image', cell: (w) => <img className={styles.thumb} src={assetUrl(w.imageUrls[0], 160)} alt="" width={48} height={62} /> },
    { header: 'Product', cell: (w) => w.title },
    {
      header: 'Price',
      cell: (w) => {
        const amount = currency ? priceIn(w.basePrice, currency._id) : undefined;
        return amount === undefined || !currency ? 'Not Available' : formatMoney(amount, currency.symbol);
      },
    },
  ];

  const user = details?.user;
  return (
    <Modal open={userId !== null} title={user ? user.fullName : 'User'} onClose={onClose} wide>
      {!details || !user ? (
        <Spinner />
      ) : (
        <>
          <Tabs label="User details" tabs={TABS} active={tab} onChange={setTab} />
          <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)!.label}>
            {tab === 'details' && (
              <>
                <dl className={modalStyles.details}>
                  <dt>Full Name</dt>
                  <dd>{user.fullName}</dd>
                  <dt>E-mail</dt>
                  <dd>{user.email}</dd>
                  <dt>Mobile No.</dt>
                  <dd>{user.contact || '—'}</dd>
                  <dt>Role</dt>
                  <dd>{user.isSuperAdmin ? 'Super admin' : user.role === 'admin' ? 'Admin' : 'Customer'}</dd>
                </dl>
                {/* SPEC §4: a super admin gives admin rights to a non-admin, and revokes them from an admin who is not a super admin. */}
                {session.isSuperAdmin && !user.isSuperAdmin && (
                  <div className={styles.footer}>
                    <Button onClick={() => changeRole(user)} disabled={busy}>
                      {user.role === 'admin' ? 'Revoke Admin Rights' : 'Make Admin'}
                    </Button>
                  </div>
                )}
              </>
            )}
            {tab === 'cart' &&
              (details.cart.length === 0 ? (
                <p className={styles.muted}>The cart is empty.</p>
              ) : (
                <div className={modalStyles.cart}>
                  {details.cart.map((item) => (
                    <RemoteComponent key={item._id} id="checkout/CartRow" props={{ item, adminView: true, currencyId: currency?._id }} />
                  ))}
                </div>
              ))}
            {tab === 'wishlist' && (
              <DataTable caption="Wishlist" columns={wishlistColumns} rows={details.wishlist} rowKey={(w) => w._id} empty="The wishlist is empty." />
            )}
            {tab === 'discounts' && <UserDiscountsTab user={user} onUserChanged={userChanged} />}
          </div>
        </>
      )}
    </Modal>
  );
}
