import { useId, useState } from 'react';
import { Button, DataTable, apiErrorMessage, call, inputClass, notify, urlOf, useFormat, useLoad, type Column, type Order } from '@shop/shared';
import { useT } from '../messages';
import styles from './Orders.module.css';

type Refunds = { totalPrice: number; refunded: number; refundable: number; refunds: Array<{ _id: string; amount: number; status: 'pending' | 'refunded' | 'failed'; reference: string | null; createdAt: string; by: string | null }> };
type RefundRow = Refunds['refunds'][number];

/**
 * Issue 40: the back office refunds part of a card order through Stripe, up to what is left (the server
 * checks it again under the order's lock and records each refund in the audit log).
 */
export function CardRefunds({ order }: { order: Order }) {
  const t = useT();
  const format = useFormat();
  const inputId = useId();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loaded = useLoad(urlOf('orderRefunds', { params: { id: order._id } }), () => call('orderRefunds', { params: { id: order._id } }).then(({ data }) => data as Refunds));
  const refunds = loaded.data;
  const symbol = order.currency.symbol;
  const wanted = Number(amount.replace(',', '.'));
  const valid = amount.trim() !== '' && Number.isFinite(wanted) && wanted > 0 && Math.round(wanted * 100) === Number((wanted * 100).toFixed(6)) && !!refunds && wanted <= refunds.refundable;

  const refund = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call('refundOrder', { params: { id: order._id }, body: { amount: wanted } });
      loaded.setData(() => data as Refunds);
      setAmount('');
      notify.success(t('orders.cardRefunds.done'));
    } catch (err) {
      setError(apiErrorMessage(err, t('orders.cardRefunds.failedLoad')));
      loaded.reload();
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<RefundRow>[] = [
    { header: t('orders.cardRefunds.col.date'), cell: (r) => format.date(r.createdAt) },
    { header: t('orders.cardRefunds.col.amount'), cell: (r) => <span className={styles.num}>{format.money(r.amount, symbol)}</span> },
    { header: t('orders.cardRefunds.col.status'), cell: (r) => t(r.status === 'refunded' ? 'orders.refund.card.refunded' : r.status === 'pending' ? 'orders.refund.card.pending' : 'orders.refund.card.failed') },
    { header: t('orders.cardRefunds.col.by'), cell: (r) => r.by ?? '' },
  ];

  return (
    <section className={styles.refunds} aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>{t('orders.cardRefunds')}</h3>
      {loaded.status === 'failed' ? (
        <p className={styles.error} role="alert">{t('orders.cardRefunds.failedLoad')}</p>
      ) : (
        <>
          {refunds && (
            <dl className={styles.refundTotals}>
              <div><dt>{t('orders.cardRefunds.refunded')}</dt><dd className={styles.num}>{format.money(refunds.refunded, symbol)}</dd></div>
              <div><dt>{t('orders.cardRefunds.left')}</dt><dd className={styles.num} data-testid="refundable">{format.money(refunds.refundable, symbol)}</dd></div>
            </dl>
          )}
          <DataTable caption={t('orders.cardRefunds')} columns={columns} rows={refunds?.refunds ?? []} rowKey={(r) => r._id} loading={!refunds} empty={t('orders.cardRefunds.none')} />
          {refunds && refunds.refundable > 0 && (
            <form className={styles.statusForm} onSubmit={(e) => { e.preventDefault(); if (valid) void refund(); }}>
              <label htmlFor={inputId}>{t('orders.cardRefunds.amount')}</label>
              <input id={inputId} className={inputClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={(amount !== '' && !valid) || undefined} placeholder={String(refunds.refundable)} autoComplete="off" />
              <Button type="submit" disabled={busy || !valid} aria-busy={busy}>{t('orders.cardRefunds.give')}</Button>
            </form>
          )}
          {error && <p className={styles.fieldError} role="alert">{error}</p>}
        </>
      )}
    </section>
  );
}
