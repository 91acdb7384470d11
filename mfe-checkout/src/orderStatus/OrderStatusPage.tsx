import { useState } from 'react';
import { Button, buttonClass, NotFound, PAGE_HEADS, Spinner, apiStatus, call, getShopConfig, notify, refusalMessage, urlOf, useDocumentTitle, useLoad, useParams, useSessionValue } from '@shop/shared';
import { Confirmation } from '../confirmation/OrderConfirmationPage';
import { useT } from '../messages';
import styles from './OrderStatus.module.css';

/**
 * /order-status/:token (issue 40): a guest's order through the private link its confirmation e-mail
 * carries: the order, Cancel while pending, the invoice, and "Create an account with this e-mail".
 */
/** The words of each status (the catalogue's keys, written out: check-messages finds them). */
const STATES = {
  pending: 'orderStatus.state.pending',
  processing: 'orderStatus.state.processing',
  shipped: 'orderStatus.state.shipped',
  delivered: 'orderStatus.state.delivered',
  cancelled: 'orderStatus.state.cancelled',
  rejected: 'orderStatus.state.rejected',
} as const;

export default function OrderStatusPage() {
  useDocumentTitle(PAGE_HEADS['checkout/OrderStatusPage']);
  const t = useT();
  const { token = '' } = useParams();
  const { token: session } = useSessionValue();
  const loaded = useLoad(token && urlOf('guestOrder', { params: { token } }), async () => (await call('guestOrder', { params: { token } })).data);
  const [busy, setBusy] = useState<'cancel' | 'account' | null>(null);
  const [accountSent, setAccountSent] = useState<string | null>(null);

  if (loaded.status === 'failed') {
    const status = apiStatus(loaded.error);
    if (status === 404 || status === 400) return <NotFound />;
    return <p role="alert" className={styles.page}>{t('orderStatus.failed')}</p>;
  }
  const view = loaded.data;
  if (!view) return <Spinner label={t('confirmation.loading')} />;

  async function cancel() {
    if (!window.confirm(t('orderStatus.cancelConfirm'))) return;
    setBusy('cancel');
    try {
      const { data } = await call('cancelGuestOrder', { params: { token } });
      loaded.setData(() => data);
      notify.success(t('orderStatus.cancelled'));
    } catch (err) {
      notify.error(refusalMessage(err, t('orderStatus.cancelFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function makeAccount() {
    setBusy('account');
    try {
      const { data } = await call('guestAccount', { params: { token } });
      setAccountSent(data.message);
      loaded.setData((v) => (v ? { ...v, hasAccount: true } : v));
    } catch (err) {
      notify.error(refusalMessage(err, t('orderStatus.accountFailed')));
    } finally {
      setBusy(null);
    }
  }

  const invoiceUrl = `${getShopConfig().apiUrl}${urlOf('guestInvoicePdf', { params: { token } })}`;
  return (
    <Confirmation order={view.order}>
      <section className={styles.actions} aria-labelledby="guest-actions-title">
        <h2 id="guest-actions-title">{t('orderStatus.actionsTitle')}</h2>
        <p className={styles.status} data-testid="order-status">{t('orderStatus.status', { status: t(STATES[view.order.status]) })}</p>
        <div className={styles.buttons}>
          {view.order.invoiceNumber && (
            <a className={buttonClass('secondary')} href={invoiceUrl} download>{t('orderStatus.invoice')}</a>
          )}
          {view.canCancel && (
            <Button variant="secondary" onClick={() => void cancel()} disabled={busy !== null} aria-busy={busy === 'cancel'}>{t('orderStatus.cancel')}</Button>
          )}
        </div>
        {accountSent ? (
          <p role="status" className={styles.sent}>{accountSent}</p>
        ) : (
          !view.hasAccount &&
          !session && (
            <div className={styles.offer}>
              <p>{t('orderStatus.accountOffer', { email: view.order.user?.email ?? '' })}</p>
              <Button onClick={() => void makeAccount()} disabled={busy !== null} aria-busy={busy === 'account'}>{t('orderStatus.createAccount')}</Button>
            </div>
          )
        )}
      </section>
    </Confirmation>
  );
}
