import { useState } from 'react';
import { Button, call, urlOf, EmptyState, notify, Spinner, PAGE_HEADS, useDocumentTitle, useLoad, type Address } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import { AddressCard } from './AddressCard';
import { NewAddressForm } from './NewAddressForm';
import styles from './Addresses.module.css';

/** /my-account/addresses: the saved addresses, added, edited inline and deleted here; the first is preselected at checkout. */
export default function AddressesPage() {
  useDocumentTitle(PAGE_HEADS['account/AddressesPage']);
  const { status, data, setData } = useLoad(urlOf('myAddresses'), () => call('myAddresses').then((answer) => (Array.isArray(answer.data) ? answer.data : [])), {
    onError: () => notify.error('Failed to fetch saved addresses.'),
  });
  const addresses = data ?? [];

  const [adding, setAdding] = useState(false);
  const saved = (next: Address) => setData((list) => list?.map((a) => (a._id === next._id ? next : a)));
  const added = (address: Address) => {
    setData((list) => [...(list ?? []), address]);
    setAdding(false);
  };
  const deleted = (id: string) => setData((list) => list?.filter((a) => a._id !== id));

  return (
    <AccountLayout title="My Addresses">
      <div className={styles.intro}>
        <h2 className={styles.heading}>Billing address</h2>
        <p className={styles.note}>The following addresses will be used on the checkout page by default.</p>
        {status === 'succeeded' && !adding && (
          <Button variant="secondary" className={styles.add} onClick={() => setAdding(true)}>
            Add address
          </Button>
        )}
      </div>
      {adding && <NewAddressForm onAdded={added} onCancel={() => setAdding(false)} />}
      {status === 'loading' && <Spinner />}
      {status === 'failed' && <p className={styles.error} role="alert">Failed to fetch saved addresses.</p>}
      {status === 'succeeded' &&
        (addresses.length === 0 ? (
          !adding && <EmptyState>You don&apos;t have any saved address.</EmptyState>
        ) : (
          <div className={styles.grid}>
            {addresses.map((address, index) => <AddressCard key={address._id} address={address} index={index} onSaved={saved} onDeleted={deleted} />)}
          </div>
        ))}
    </AccountLayout>
  );
}
