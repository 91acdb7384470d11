import { useState } from 'react';
import { downloadFile, notify, type Order } from '@shop/shared';
import { useT } from '../messages';
import styles from './Orders.module.css';

/**
 * Issue 39: an order's invoice or credit note, as a PDF the buyer (or an admin) saves: fetched through
 * the API client (the token goes with it), under the document's number.
 */
export function DocumentDownload({ order, kind }: { order: Order; kind: 'invoice' | 'creditNote' }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const number = kind === 'invoice' ? order.invoiceNumber : order.creditNoteNumber;
  if (!number) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(kind === 'invoice' ? 'invoicePdf' : 'creditNotePdf', { params: { id: order._id } }, `${number}.pdf`);
    } catch {
      notify.error(t('orders.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.download}
      onClick={() => void download()}
      disabled={busy}
      aria-label={t(kind === 'invoice' ? 'orders.downloadInvoiceOf' : 'orders.downloadCreditNoteOf', { number })}
    >
      {t(kind === 'invoice' ? 'orders.downloadInvoice' : 'orders.downloadCreditNote')}
    </button>
  );
}
