import { useState } from 'react';
import { Button, call, urlOf, EmptyState, notify, Spinner, PAGE_HEADS, useDocumentTitle, useLoad, type Address } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import { AddressCard } from './AddressCard';
import { NewAddressForm } from './NewAddressForm';
import styles from './Addresses.module.css';
import { useT } from '../messages';

/** /my-account/addresses: the saved addresses, added, edited inline and deleted here; the first is preselected at checkout. */
export default function AddressesPage() {
  useDocumentTitle(PAGE_HEADS['account/AddressesPage']);
  const t = useT();
  const { status, data, setData } = useLoad(urlOf('myAddresses'), () => call('myAddresses').then((answer) => (Array.isArray(answer.data) ? answer.data : [])), {
    onError: () => notify.error(t('addresses.loadFailed')),
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
    <AccountLayout title={t('addresses.title')}>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('addresses.billing')}</h2>
        <p className={styles.note}>{t('addresses.note')}</p>
        {status === 'succeeded' && !adding && (
          <Button variant="secondary" className={styles.add} onClick={() => setAdding(true)}>
            {t('addresses.add')}
          </Button>
        )}
      </div>
      {adding && <NewAddressForm onAdded={added} onCancel={() => setAdding(false)} />}
      {status === 'loading' && <Spinner />}
      {status === 'failed' && <p className={styles.error} role="alert">{t('addresses.loadFailed')}</p>}
      {status === 'succeeded' &&
        (addresses.length === 0 ? (
          !adding && <EmptyState>{t('addresses.none')}</EmptyState>
        ) : (
          <div className={styles.grid}>
            {addresses.map((address, index) => <AddressCard key={address._id} address={address} index={index} onSaved={saved} onDeleted={deleted} />)}
          </div>
        ))}
    </AccountLayout>
  );
}
