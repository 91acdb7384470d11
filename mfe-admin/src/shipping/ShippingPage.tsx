import { useCallback, useState } from 'react';
import { Button, call, countryName, EmptyState, notifyPromise, Spinner, useCurrencies, type ShippingMethod, type ShippingZone } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { useAdminList } from '../common/useAdminList';
import admin from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { ratesSummary } from './bands';
import { MethodModal } from './MethodModal';
import { ZoneModal } from './ZoneModal';
import styles from './Shipping.module.css';

const fetchZones = async () => (await call('shippingZones')).data;
const TYPE_NAMES = { flat: 'Flat', weight: 'By weight', value: 'By value' } as const;

/**
 * /shipping (issue 39): the zones (their countries) and each zone's methods (name, estimate, how it is
 * priced per currency, free over). A country no zone covers is not shipped to; without any zone the
 * shop ships everywhere for nothing, as before.
 */
export default function ShippingPage() {
  const { items: zones, loading, reload } = useAdminList(fetchZones, 'Failed to fetch shipping zones');
  const currencies = useCurrencies();
  const [zoneModal, setZoneModal] = useState<{ open: boolean; zone?: ShippingZone }>({ open: false });
  const [methodModal, setMethodModal] = useState<{ zone: ShippingZone | null; method?: ShippingMethod }>({ zone: null });
  const { ask, dialog } = useConfirm();
  const symbolOf = (currType: string) => currencies.find((c) => c._id === currType)?.symbol ?? '';
  const money = (list: Array<{ currType: string; amount: number }>) => list.map((p) => `${symbolOf(p.currType)}${p.amount.toFixed(2)}`).join('\n');

  const removeZone = (zone: ShippingZone) =>
    ask('Delete zone', `Delete ${zone.name} and its ${zone.methods.length} method(s)? Its countries are then not shipped to.`, async () => {
      await notifyPromise(call('deleteShippingZone', { params: { id: zone._id } }), { pending: 'Deleting Zone...', success: 'Zone Deleted Successfully!', error: failedTo('Failed to Delete Zone.') });
      await reload();
    });
  const removeMethod = (method: ShippingMethod) =>
    ask('Delete method', `Delete ${method.name}? Orders placed with it keep it.`, async () => {
      await notifyPromise(call('deleteShippingMethod', { params: { id: method._id } }), { pending: 'Deleting Method...', success: 'Method Deleted Successfully!', error: failedTo('Failed to Delete Method.') });
      await reload();
    });
  const closeZone = useCallback(() => setZoneModal({ open: false }), []);
  const closeMethod = useCallback(() => setMethodModal({ zone: null }), []);

  return (
    <AdminLayout title="Shipping" actions={<Button onClick={() => setZoneModal({ open: true })}>Add Zone</Button>}>
      {loading ? (
        <Spinner />
      ) : zones.length === 0 ? (
        <EmptyState>No shipping zones yet: orders ship everywhere for nothing. Add a zone to charge for delivery.</EmptyState>
      ) : (
        <div className={styles.zones}>
          {zones.map((zone) => (
            <section key={zone._id} className={styles.zone} aria-labelledby={`zone-${zone._id}`}>
              <div className={styles.zoneHead}>
                <h2 id={`zone-${zone._id}`}>{zone.name}</h2>
                <div className={admin.rowActions}>
                  <Button size="small" variant="secondary" onClick={() => setZoneModal({ open: true, zone })} aria-label={`Edit zone ${zone.name}`}>Edit</Button>
                  <Button size="small" variant="danger" onClick={() => void removeZone(zone)} aria-label={`Delete zone ${zone.name}`}>Delete</Button>
                </div>
              </div>
              <p className={styles.countries} data-testid="zone-countries">
                {zone.countries.length ? zone.countries.map((c) => countryName(c)).join(', ') : 'No country yet.'}
              </p>
              {zone.methods.length > 0 ? (
                <table className={styles.methods}>
                  <caption className="visually-hidden">{`Methods of ${zone.name}`}</caption>
                  <thead>
                    <tr><th scope="col">Method</th><th scope="col">Estimate</th><th scope="col">Priced</th><th scope="col">Rates</th><th scope="col">Free over</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
                  </thead>
                  <tbody>
                    {zone.methods.map((m) => (
                      <tr key={m._id}>
                        <td><strong>{m.name}</strong></td>
                        <td>{m.estimate}</td>
                        <td>{TYPE_NAMES[m.type]}</td>
                        <td className={styles.rates}>{ratesSummary(m, symbolOf)}</td>
                        <td className={styles.rates}>{m.freeOver.length ? money(m.freeOver) : '—'}</td>
                        <td>
                          <div className={styles.actions}>
                            <Button size="small" variant="secondary" onClick={() => setMethodModal({ zone, method: m })} aria-label={`Edit method ${m.name} of ${zone.name}`}>Edit</Button>
                            <Button size="small" variant="danger" onClick={() => void removeMethod(m)} aria-label={`Delete method ${m.name} of ${zone.name}`}>Delete</Button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className={admin.muted}>No method yet: its countries cannot be shipped to until one is added.</p>
              )}
              <div className={styles.zoneFoot}>
                <Button size="small" variant="secondary" onClick={() => setMethodModal({ zone })} aria-label={`Add Method to ${zone.name}`}>Add Method</Button>
              </div>
            </section>
          ))}
        </div>
      )}
      <ZoneModal open={zoneModal.open} zone={zoneModal.zone} zones={zones} onClose={closeZone} onSaved={() => void reload()} />
      <MethodModal zone={methodModal.zone} method={methodModal.method} onClose={closeMethod} onSaved={() => void reload()} />
      {dialog}
    </AdminLayout>
  );
}
