import { useEffect, useId, useState } from 'react';
import {
  countryName,
  ADMIN_ORDER_STATUSES,
  PAYMENT_CARD,
  discountWithoutCoupon,
  Link,
  assetUrl,
  call,
  urlOf,
  Button,
  inputClass,
  Modal,
  notify,
  Spinner,
  useFormat,
  useLoad,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { useT } from '../messages';
import { ConfirmStep } from './ConfirmStep';
import { DocumentDownload } from './DocumentDownload';
import { CardRefunds } from './CardRefunds';
import { lineTotal, paymentText, refundKey, statusKey, unitPrice, type OrdersMode } from './orderStatus';
import styles from './Orders.module.css';
import { CARRIERS, CARRIER_MAX_LENGTH, TRACKING_NUMBER_MAX_LENGTH, TRACKING_NUMBER_PATTERN } from '@shop/shared/src/contract';

export interface OrderDetailsModalProps {
  orderId: string;
  mode: OrdersMode;
  onClose: () => void;
  /** Called with the updated order after a status change, or with nothing after a delete. */
  onChanged: (order?: Order) => void;
}

/** The Order Details modal (SPEC §2), shared by the customer's and the admin's orders (account/OrderDetailsModal). */
export default function OrderDetailsModal({ orderId, mode, onClose, onChanged }: OrderDetailsModalProps) {
  const t = useT();
  const loaded = useLoad(
    urlOf('order', { params: { id: orderId } }),
    () =>
      call('order', { params: { id: orderId } }).then(({ data }) => {
        const found = Array.isArray(data) ? data[0] : undefined;
        if (!found) throw new Error('no order');
        return found;
      }),
    { onError: () => notify.error(t('orders.failedOne')) },
  );
  const order = loaded.data;
  const failed = loaded.status === 'failed';

  const updated = (next: Order) => {
    loaded.setData(() => next);
    onChanged(next);
  };

  return (
    <Modal open title={t('orders.details')} onClose={onClose} wide>
      {failed ? (
        <p className={styles.error} role="alert">{t('orders.failedOne')}</p>
      ) : !order ? (
        <Spinner />
      ) : (
        <div className={styles.details}>
          <OrderSummary order={order} showCustomer={mode === 'admin'} />
          <OrderLines order={order} onNavigate={onClose} />
          <OrderTotals order={order} />
          {mode === 'customer' ? (
            <CustomerActions order={order} onUpdated={updated} />
          ) : (
            <>
              {order.paymentMethod === PAYMENT_CARD && <CardRefunds order={order} />}
              <AdminActions order={order} onUpdated={updated} onDeleted={() => { onChanged(); onClose(); }} />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

const ADDRESS_LINES = ['fullName', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;

function OrderSummary({ order, showCustomer }: { order: Order; showCustomer: boolean }) {
  const t = useT();
  const format = useFormat();
  const stored = order.shippingAddress ?? ({} as Order['shippingAddress']);
  // Issue 39: the country by its name from the list when the code is known (the stored text otherwise).
  const a = { ...stored, country: stored.countryCode ? countryName(stored.countryCode, format.locale) : stored.country };
  return (
    <div className={styles.summaryGrid}>
      <section aria-labelledby={`ship-${order._id}`}>
        <h3 id={`ship-${order._id}`} className={styles.sectionTitle}>{t('orders.shippingAddress')}</h3>
        <address className={styles.address}>
          {ADDRESS_LINES.filter((field) => a[field]).map((field) => (
            <span key={field}>{a[field]}</span>
          ))}
        </address>
      </section>
      <dl className={styles.facts}>
        {showCustomer && <CustomerFacts user={order.user} />}
        <div><dt>{t('orders.number')}</dt><dd className={styles.orderNumber} data-testid="order-number">{order.orderNumber}</dd></div>
        <div><dt>{t('orders.date')}</dt><dd>{format.date(order.orderDate)}</dd></div>
        <div><dt>{t('orders.paymentMethod')}</dt><dd>{paymentText(order.paymentMethod, t)}</dd></div>
        <div><dt>{t('orders.statusFact')}</dt><dd><span className={`${styles.status} ${styles[order.status] ?? ''}`} data-testid="order-status">{t(statusKey(order.status))}</span></dd></div>
        {order.shipment && <ShipmentFacts shipment={order.shipment} />}
        <DocumentFacts order={order} />
        {order.refund && (
          <div>
            <dt>{t('orders.refund')}</dt>
            <dd data-testid="order-refund" className={order.refund.status === 'failed' ? styles.refundFailed : undefined}>
              {t(refundKey(order.refund, order.paymentMethod))}
              {order.refund.reference && <span className={styles.refundDetail}>{t('orders.refund.reference', { reference: order.refund.reference })}</span>}
              {order.refund.status === 'refunded' && <span className={styles.refundDetail}>{format.date(order.refund.at)}</span>}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** Issue 39: the order's invoice and, once cancelled or rejected, its credit note: their numbers and downloads. */
function DocumentFacts({ order }: { order: Order }) {
  const t = useT();
  return (
    <>
      {order.invoiceNumber && (
        <div>
          <dt>{t('orders.invoice')}</dt>
          <dd className={styles.document}>
            <span data-testid="order-invoice">{order.invoiceNumber}</span>
            <DocumentDownload order={order} kind="invoice" />
          </dd>
        </div>
      )}
      {order.creditNoteNumber && (
        <div>
          <dt>{t('orders.creditNote')}</dt>
          <dd className={styles.document}>
            <span data-testid="order-credit-note">{order.creditNoteNumber}</span>
            <DocumentDownload order={order} kind="creditNote" />
          </dd>
        </div>
      )}
    </>
  );
}

/** Issue 38: who to write to or call about the order (the back office only); a deleted account has neither. */
function CustomerFacts({ user }: { user: Order['user'] }) {
  const t = useT();
  if (!user) return <div><dt>{t('orders.customer')}</dt><dd>{t('orders.deletedAccount')}</dd></div>;
  return (
    <>
      <div><dt>{t('orders.customer')}</dt><dd>{user.fullName}</dd></div>
      <div><dt>{t('orders.email')}</dt><dd className={styles.contact}><a href={`mailto:${user.email}`} data-testid="order-email">{user.email}</a></dd></div>
      {user.phone && <div><dt>{t('orders.phone')}</dt><dd className={styles.contact}><a href={`tel:${user.phone.replace(/[^\d+]/g, '')}`} data-testid="order-phone">{user.phone}</a></dd></div>}
    </>
  );
}

/** Issue 38: how a shipped order travels, the number linked to the carrier's tracking page when it is a known one. */
function ShipmentFacts({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  const t = useT();
  return (
    <>
      {shipment.carrier && <div><dt>{t('orders.carrier')}</dt><dd data-testid="order-carrier">{shipment.carrier}</dd></div>}
      {shipment.trackingNumber && (
        <div>
          <dt>{t('orders.trackingNumber')}</dt>
          <dd data-testid="order-tracking">
            {shipment.trackingUrl ? (
              <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={styles.productLink}>
                {shipment.trackingNumber}
                <span className="visually-hidden">{t('orders.trackingHint')}</span>
              </a>
            ) : (
              shipment.trackingNumber
            )}
          </dd>
        </div>
      )}
    </>
  );
}

function OrderLines({ order, onNavigate }: { order: Order; onNavigate: () => void }) {
  const t = useT();
  const format = useFormat();
  const symbol = order.currency?.symbol;
  return (
    <div className={styles.linesWrap}>
      <table className={styles.lines}>
        <caption className="visually-hidden">{t('orders.lines')}</caption>
        <thead>
          <tr><th scope="col"><span className="visually-hidden">{t('orders.line.image')}</span></th><th scope="col">{t('orders.line.price')}</th><th scope="col">{t('orders.line.product')}</th><th scope="col">{t('orders.line.quantity')}</th><th scope="col">{t('orders.line.total')}</th></tr>
        </thead>
        <tbody>
          {order.items.map((item) => {
            const options = item.options.map((o) => o.selectedOption?.name).filter(Boolean).join(', ');
            const image = item.product.imageUrls?.[0];
            return (
              <tr key={item._id}>
                <td>{image ? <img className={styles.thumb} src={assetUrl(image, 160)} alt="" width={56} height={72} loading="lazy" /> : <span className={styles.thumb} />}</td>
                <td data-label={t('orders.line.price')}>{format.money(unitPrice(item, order), symbol)}</td>
                <td data-label={t('orders.line.product')}>
                  <Link to={`/${item.product.slug}`} onClick={onNavigate} className={styles.productLink}>
                    {item.product.title}
                    {options && <span className={styles.options}> ({options})</span>}
                  </Link>
                </td>
                <td data-label={t('orders.line.quantity')}>{item.quantity}</td>
                <td data-label={t('orders.line.total')}>{format.money(lineTotal(item, order), symbol)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Sub-total, discount, coupon, and (issue 39) shipping and tax on lines of their own, then the total. */
function OrderTotals({ order }: { order: Order }) {
  const t = useT();
  const format = useFormat();
  const symbol = order.currency?.symbol;
  const coupon = order.coupon;
  const discount = discountWithoutCoupon(order);
  const taxLines = order.taxLines ?? [];
  const inclusive = order.pricesIncludeTax === true;
  const shipped = Boolean(order.shippingMethod) || (order.shippingPrice ?? 0) > 0;
  return (
    <dl className={styles.totals}>
      <div><dt>{t('orders.subTotal')}</dt><dd>{format.money(order.subTotalPrice, symbol)}</dd></div>
      <div><dt>{t('orders.discount')}</dt><dd data-testid="order-discount">{format.reduction(discount, symbol)}</dd></div>
      {coupon && <div><dt>{t('orders.coupon', { code: coupon.code })}</dt><dd data-testid="order-coupon">{format.reduction(coupon.amount, symbol)}</dd></div>}
      {shipped && (
        <div>
          <dt>{order.shippingMethod ? t('orders.shippingVia', { method: order.shippingMethod.name }) : t('orders.shipping')}</dt>
          <dd data-testid="order-shipping">{order.shippingPrice ? format.money(order.shippingPrice, symbol) : t('orders.shippingFree')}</dd>
        </div>
      )}
      {!inclusive && taxLines.map((line) => <div key={line.rate}><dt>{t('orders.taxAdded', { rate: line.rate })}</dt><dd data-testid="order-tax">{format.money(line.amount, symbol)}</dd></div>)}
      <div className={styles.grandTotal}><dt>{t('orders.total')}</dt><dd>{format.money(order.totalPrice, symbol)}</dd></div>
      {inclusive && taxLines.map((line) => <div key={line.rate} className={styles.taxIncluded}><dt>{t('orders.taxIncluded', { rate: line.rate })}</dt><dd data-testid="order-tax">{format.money(line.amount, symbol)}</dd></div>)}
    </dl>
  );
}

type T = ReturnType<typeof useT>;

async function patchStatus(t: T, order: Order, status: OrderStatus, shipment?: { carrier?: string; trackingNumber?: string }): Promise<Order | null> {
  try {
    const { data } = await call('changeOrderStatus', { params: { id: order._id }, body: { status, ...shipment } });
    notify.success(t('orders.statusUpdated'));
    return data?._id ? data : { ...order, status };
  } catch {
    notify.error(t('orders.statusFailed'));
    return null;
  }
}

/** SPEC §4: a customer can cancel only a pending order; asked first, as it cannot be undone (issue 22). */
function CustomerActions({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (order.status !== 'pending') return null;
  const cancel = async () => {
    setBusy(true);
    const next = await patchStatus(t, order, 'cancelled');
    setBusy(false);
    if (next) onUpdated(next);
  };
  return (
    <div className={styles.actions}>
      <ConfirmStep action={t('orders.cancel')} question={t('orders.cancelQuestion')} confirmLabel={t('orders.cancelConfirm')} keepLabel={t('orders.keep')} busy={busy} onConfirm={cancel} />
    </div>
  );
}

/** SPEC §4: an admin sets processing, shipped, delivered or rejected (never on a cancelled order) and may delete. */
function AdminActions({ order, onUpdated, onDeleted }: { order: Order; onUpdated: (order: Order) => void; onDeleted: () => void }) {
  const t = useT();
  const selectId = useId();
  const carrierId = useId();
  const trackingId = useId();
  const [choice, setChoice] = useState<OrderStatus>(order.status);
  const [carrier, setCarrier] = useState(order.shipment?.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.shipment?.trackingNumber ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => setChoice(order.status), [order.status]);
  useEffect(() => {
    setCarrier(order.shipment?.carrier ?? '');
    setTrackingNumber(order.shipment?.trackingNumber ?? '');
  }, [order.shipment]);

  // Shipping asks how the parcel travels (both optional); a shipped order's details may be corrected.
  const shipping = choice === 'shipped';
  const trackingValid = !trackingNumber.trim() || new RegExp(TRACKING_NUMBER_PATTERN).test(trackingNumber.trim());
  const shipmentChanged = shipping && (carrier.trim() !== (order.shipment?.carrier ?? '') || trackingNumber.trim() !== (order.shipment?.trackingNumber ?? ''));
  const update = async () => {
    setBusy(true);
    // What is left blank is not sent (the order ships without it).
    const given = shipping ? Object.fromEntries(Object.entries({ carrier: carrier.trim(), trackingNumber: trackingNumber.trim() }).filter(([, v]) => v)) : undefined;
    const next = await patchStatus(t, order, choice, given);
    setBusy(false);
    if (next) onUpdated(next);
  };
  const remove = async () => {
    setBusy(true);
    try {
      await call('deleteOrder', { params: { id: order._id } });
      notify.success(t('orders.deleted'));
      onDeleted();
    } catch {
      notify.error(t('orders.deleteFailed'));
      setBusy(false);
    }
  };

  return (
    <div className={styles.actions}>
      {order.status === 'cancelled' ? (
        <p className={styles.note}>{t('orders.cancelledNote')}</p>
      ) : (
        <div className={styles.statusForm}>
          <label htmlFor={selectId}>{t('orders.changeStatus')}</label>
          <select id={selectId} className={inputClass} value={choice} onChange={(e) => setChoice(e.target.value as OrderStatus)}>
            {!ADMIN_ORDER_STATUSES.includes(order.status) && <option value={order.status} disabled>{t(statusKey(order.status))}</option>}
            {ADMIN_ORDER_STATUSES.map((s) => <option key={s} value={s}>{t(statusKey(s))}</option>)}
          </select>
          {shipping && (
            <fieldset className={styles.shipment}>
              <legend>{t('orders.howItTravels')}</legend>
              <div>
                <label htmlFor={carrierId}>{t('orders.carrier')}</label>
                <input id={carrierId} className={inputClass} list={`${carrierId}-known`} value={carrier} maxLength={CARRIER_MAX_LENGTH} autoComplete="off" onChange={(e) => setCarrier(e.target.value)} />
                <datalist id={`${carrierId}-known`}>
                  {CARRIERS.map((c) => <option key={c.name} value={c.name} />)}
                </datalist>
              </div>
              <div>
                <label htmlFor={trackingId}>{t('orders.trackingNumber')}</label>
                <input
                  id={trackingId}
                  className={inputClass}
                  value={trackingNumber}
                  maxLength={TRACKING_NUMBER_MAX_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={!trackingValid || undefined}
                  aria-describedby={trackingValid ? undefined : `${trackingId}-error`}
                  onChange={(e) => setTrackingNumber(e.target.value)}
                />
                {!trackingValid && <p id={`${trackingId}-error`} className={styles.fieldError}>{t('orders.trackingInvalid')}</p>}
              </div>
            </fieldset>
          )}
          <Button onClick={update} disabled={busy || !trackingValid || (choice === order.status && !shipmentChanged)}>{t('orders.update')}</Button>
        </div>
      )}
      <ConfirmStep action={t('orders.delete')} question={t('orders.deleteQuestion')} confirmLabel={t('orders.deleteConfirm')} keepLabel={t('orders.keep')} busy={busy} onConfirm={remove} />
    </div>
  );
}
