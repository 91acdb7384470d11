import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  apiFieldErrors,
  Button,
  call,
  Field,
  fieldClass,
  inputClass,
  type Static,
  type StoreSettingsBody,
  urlOf,
  useLoad,
  notify,
} from '@shop/shared';
import { failedTo } from '../common/failure';
import { useSaving } from '../common/useSaving';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import page from './StoreSettings.module.css';
import { STORE_SETTINGS_LIMITS } from '@shop/shared/src/contract';

type Form = Required<Static<typeof StoreSettingsBody>>;
type FieldName = Exclude<keyof Form, 'guestCheckout' | 'guestCartsPerHour'>;
const EMPTY: Form = { legalName: '', address: '', taxId: '', invoiceFooter: '', defaultCountry: '', guestCheckout: false, guestCartsPerHour: 20 };
const LABELS: Record<FieldName | 'guestCartsPerHour', string> = {
  legalName: 'Legal name',
  address: 'Address',
  taxId: 'VAT / tax id',
  invoiceFooter: 'Invoice footer',
  defaultCountry: 'Default country',
  guestCartsPerHour: 'New guest carts an hour per address',
};

/**
 * /store-settings (issue 39, super admin): the shop's legal name, address, VAT/tax id, invoice footer
 * and default country, the seller every invoice names from now on (one already issued keeps its own).
 * A field the server refuses shows its words beside it.
 */
export default function StoreSettingsPage() {
  const loaded = useLoad(urlOf('storeSettings'), async () => (await call('storeSettings')).data, { onError: failedToLoad });
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, save] = useSaving();
  const ids = { address: useId(), footer: useId(), guest: useId(), perHour: useId() };

  useEffect(() => {
    const s = loaded.data;
    if (s)
      setForm({
        legalName: s.legalName,
        address: s.address,
        taxId: s.taxId,
        invoiceFooter: s.invoiceFooter,
        defaultCountry: s.defaultCountry ?? '',
        guestCheckout: s.guestCheckout,
        guestCartsPerHour: s.guestCartsPerHour,
      });
  }, [loaded.data]);

  const set = (name: FieldName) => (value: string) => {
    setForm((f) => ({ ...f, [name]: name === 'defaultCountry' ? value.toUpperCase() : value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = call('updateStoreSettings', { body: { ...form, defaultCountry: form.defaultCountry.trim() } });
    request.catch((error: unknown) => setErrors(apiFieldErrors(error) as Partial<Record<FieldName, string>>));
    const saved = await save(request, { pending: 'Saving Store Settings...', success: 'Store Settings Saved Successfully!', error: 'Failed to Save Store Settings.' });
    if (saved) loaded.setData(() => saved.data);
  };

  const text = (name: FieldName, extra: { maxLength?: number; autoComplete?: string; placeholder?: string; required?: boolean } = {}) => (
    <Field label={LABELS[name]} name={name} value={form[name]} error={errors[name]} onChange={(e) => set(name)(e.target.value)} {...extra} />
  );
  const area = (name: 'address' | 'invoiceFooter', id: string, maxLength: number, hint: string) => (
    <div className={fieldClass}>
      <label htmlFor={id}>{LABELS[name]}</label>
      <textarea
        id={id}
        name={name}
        rows={name === 'address' ? 4 : 3}
        className={`${inputClass} ${page.area}`}
        maxLength={maxLength}
        value={form[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={`${id}-hint${errors[name] ? ` ${id}-error` : ''}`}
        onChange={(e) => set(name)(e.target.value)}
      />
      <span id={`${id}-hint`} className={styles.muted}>{hint}</span>
      {errors[name] && <span id={`${id}-error`} className={page.fieldError} role="alert">{errors[name]}</span>}
    </div>
  );

  return (
    <AdminLayout title="Store settings">
      <p className={styles.muted}>The seller named on every invoice and credit note from now on; documents already issued keep the details they were issued with.</p>
      {loaded.status === 'failed' ? (
        <p className={styles.error} role="alert">Failed to fetch the store settings.</p>
      ) : (
        <form className={`${styles.form} ${page.form}`} onSubmit={(e) => void submit(e)} noValidate aria-busy={loaded.status === 'loading'}>
          {text('legalName', { maxLength: STORE_SETTINGS_LIMITS.legalName, autoComplete: 'organization', required: true })}
          {area('address', ids.address, STORE_SETTINGS_LIMITS.address, 'Street, postcode and city, country: one per line.')}
          <div className={page.pair}>
            {text('taxId', { maxLength: STORE_SETTINGS_LIMITS.taxId, placeholder: 'FR12345678901' })}
            {text('defaultCountry', { maxLength: 2, autoComplete: 'country', placeholder: 'FR', required: true })}
          </div>
          {area('invoiceFooter', ids.footer, STORE_SETTINGS_LIMITS.invoiceFooter, 'Printed at the foot of every invoice: registration, capital, bank details, thanks.')}
          <fieldset className={page.guests}>
            <legend>Guest checkout</legend>
            <div className={page.check}>
              <input id={ids.guest} type="checkbox" checked={form.guestCheckout} onChange={(e) => setForm((f) => ({ ...f, guestCheckout: e.target.checked }))} aria-describedby={`${ids.guest}-hint`} />
              <label htmlFor={ids.guest}>Visitors may buy without an account</label>
            </div>
            <span id={`${ids.guest}-hint`} className={styles.muted}>
              {loaded.data?.guestCheckoutByEnv
                ? 'On for this shop whatever is saved here: the server is started with GUEST_CHECKOUT=1.'
                : 'Off: an account is needed to add to cart (the default). On: the cart lives under a token the browser keeps 30 days; a guest gives an e-mail at checkout and gets a private order link.'}
            </span>
            <div className={fieldClass}>
              <label htmlFor={ids.perHour}>{LABELS.guestCartsPerHour}</label>
              <input
                id={ids.perHour}
                type="number"
                min={1}
                max={100000}
                className={`${inputClass} ${page.number}`}
                value={form.guestCartsPerHour}
                onChange={(e) => setForm((f) => ({ ...f, guestCartsPerHour: Number(e.target.value) }))}
              />
            </div>
          </fieldset>
          {loaded.data && <p className={styles.muted}>Last saved {new Date(loaded.data.updatedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</p>}
          <div className={styles.footer}>
            <Button type="submit" disabled={busy || loaded.status !== 'succeeded'}>{busy ? 'Saving…' : 'Save'}</Button>
          </div>
        </form>
      )}
    </AdminLayout>
  );
}

const failedToLoad = (error: unknown) => notify.error(failedTo('Failed to fetch the store settings.')(error));
