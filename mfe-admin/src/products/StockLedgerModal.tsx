import { useState } from 'react';
import { call, DataTable, urlOf, formatDate, Modal, notify, useLoad, type Column, type Product, type StockMovement, type StockReason } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import styles from './Stock.module.css';

export const LEDGER_PAGE_SIZE = 20;

const REASONS: Record<StockReason, string> = {
  order: 'Order placed',
  cancelled: 'Order cancelled',
  rejected: 'Order rejected',
  deleted: 'Order deleted',
  reinstated: 'Order reinstated',
  adjustment: 'Adjustment',
  import: 'Import',
  held: 'Held for a card payment',
  released: 'Card payment hold released',
};

let timeFormat: Intl.DateTimeFormat | undefined;
const timeOf = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  timeFormat ??= new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
  return timeFormat.format(date);
};

/** +3, −1 (a true minus sign), 0. */
export const signed = (delta: number) => (delta > 0 ? `+${delta.toLocaleString('en-US')}` : delta < 0 ? `\u2212${Math.abs(delta).toLocaleString('en-US')}` : '0');

export interface StockLedgerModalProps {
  /** The product whose movements are shown; null: closed. */
  product: Pick<Product, '_id' | 'title'> | null;
  onClose: () => void;
}

/** A product's stock history (GET /product/{id}/stock/ledger), newest first, 20 a page. */
export function StockLedgerModal({ product, onClose }: StockLedgerModalProps) {
  const [page, setPage] = useState(1);
  const [shownId, setShownId] = useState(product?._id);
  if (shownId !== product?._id) {
    setShownId(product?._id);
    setPage(1);
  }
  const loaded = useLoad(
    product && urlOf('stockLedger', { params: { productId: product._id }, query: { page, limit: LEDGER_PAGE_SIZE } }),
    () => call('stockLedger', { params: { productId: product!._id }, query: { page, limit: LEDGER_PAGE_SIZE } }).then(({ data }) => data),
    { keep: true, onError: () => notify.error('Failed to fetch stock history') },
  );
  if (!product) return null;
  const answer = loaded.data;
  // '—' in the table; a phone's card leaves the line out.
  const blank = <span className={styles.blank}>—</span>;

  const columns: Column<StockMovement>[] = [
    {
      header: 'Date',
      cell: (m) => (
        <time dateTime={m.createdAt}>
          {formatDate(m.createdAt)} <span className={adminStyles.muted}>{timeOf(m.createdAt)}</span>
        </time>
      ),
    },
    { header: 'Combination', cell: (m) => m.combination || product.title },
    { header: 'Change', cell: (m) => <span className={m.delta > 0 ? styles.plus : m.delta < 0 ? styles.minus : undefined}>{signed(m.delta)}</span> },
    { header: 'Reason', cell: (m) => REASONS[m.reason] ?? m.reason },
    { header: 'Order', cell: (m) => m.orderNumber ?? blank },
    { header: 'Admin', cell: (m) => (m.admin ? <span className={styles.by}>{m.admin.fullName}</span> : blank) },
  ];

  return (
    <Modal open title={`Stock history of ${product.title}`} onClose={onClose} wide>
      <div className={styles.ledger}>
        {loaded.status === 'failed' ? (
          <p className={adminStyles.error} role="alert">Failed to fetch stock history</p>
        ) : (
          <DataTable
            caption={`Stock movements of ${product.title}, newest first`}
            columns={columns}
            rows={answer?.items ?? []}
            rowKey={(m) => m._id}
            loading={!answer}
            empty="No stock movements yet."
            pagination={{ page, limit: LEDGER_PAGE_SIZE, itemCount: answer?.itemCount ?? 0, onPageChange: setPage }}
          />
        )}
      </div>
    </Modal>
  );
}
