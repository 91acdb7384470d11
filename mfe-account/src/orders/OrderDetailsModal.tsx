import { useEffect, useId, useState } from 'react';
import { ADMIN_ORDER_STATUSES, CARRIER_MAX_LENGTH, CARRIERS, TRACKING_NUMBER_MAX_LENGTH, TRACKING_NUMBER_PATTERN, discountWithoutCoupon, Link, assetUrl, call, urlOf, Button, formatDate, formatMoney, formatReduction, inputClass, Modal, notify, Spinner, useLoad, type Order, type OrderStatus } from '@shop/shared';
import { ConfirmStep } from './ConfirmStep';
import { lineTotal, refundText, statusLabel, unitPrice, type OrdersMode } from './orderStatus';
import styles from './Orders.module.css';

export interface OrderDetailsModalProps {
  orderId: string;
  mode: OrdersMode;
  onClose: () => void;
  /** Called with the updated order after a status change, or with nothing after a delete. */
  onChanged: (order?: Order) => void;
}

/** The Order Details modal (SPEC §2), shared by the customer's and the admin's orders (account/OrderDetailsModal). */
export default function OrderDetailsModal({ orderId, mode, onClose, onChanged }: OrderDetailsModalProps) {
  const loaded = useLoad(
    urlOf('order', { params: { id: orderId } }),
    () =>
      call('order', { params: { id: orderId } }).then(({ data }) => {
        const found = Array.isArray(data) ? data[0] : undefined;
        if (!found) throw new Error('no order');
        return found;
      }),
    { onError: () => notify.error('Failed to fetch order') },
  );
  const order = loaded.data;
  const failed = loaded.status === 'failed';

  const updated = (next: Order) => {
    loaded.setData(() => next);
    onChanged(next);
  };

  return (
    <Modal open title="Order Details" onClose={onClose} wide>
      {failed ? (
        <p className={styles.error} role="alert">Failed to fetch order</p>
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
            <AdminActions order={order} onUpdated={updated} onDeleted={() => { onChanged(); onClose(); }} />
          )}
        </div>
      )}
    </Modal>
  );
}

const ADDRESS_LINES = ['fullName', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;

function OrderSummary({ order, showCustomer }: { order: Order; showCustomer: boolean }) {
  const a = order.shippingAddress ?? ({} as Order['shippingAddress']);
  return (
    <div className={styles.summaryGrid}>
      <section aria-labelledby={`ship-${order._id}`}>
        <h3 id={`ship-${order._id}`} className={styles.sectionTitle}>Shipping address</h3>
        <address className={styles.address}>
          {ADDRESS_LINES.filter((field) => a[field]).map((field) => (
            <span key={field}>{a[field]}</span>
          ))}
        </address>
      </section>
      <dl className={styles.facts}>
        {showCustomer && <CustomerFacts user={order.user} />}
        <div><dt>Order number</dt><dd className={styles.orderNumber} data-testid="order-number">{order.orderNumber}</dd></div>
        <div><dt>Order date</dt><dd>{formatDate(order.orderDate)}</dd></div>
        <div><dt>Payment method</dt><dd>{order.paymentMethod}</dd></div>
        <div><dt>Status</dt><dd><span className={`${styles.status} ${styles[order.status] ?? ''}`} data-testid="order-status">{statusLabel(order.status)}</span></dd></div>
        {order.shipment && <ShipmentFacts shipment={order.shipment} />}
        {order.refund && (
          <div>
            <dt>Refund</dt>
            <dd data-testid="order-refund" className={order.refund.status === 'failed' ? styles.refundFailed : undefined}>
              {refundText(order.refund)}
              {order.refund.reference && <span className={styles.refundDetail}>Reference {order.refund.reference}</span>}
              {order.refund.status === 'refunded' && <span className={styles.refundDetail}>{formatDate(order.refund.at)}</span>}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** Issue 38: who to write to or call about the order (the back office only); a deleted account has neither. */
function CustomerFacts({ user }: { user: Order['user'] }) {
  if (!user) return <div><dt>Customer</dt><dd>Deleted account</dd></div>;
  return (
    <>
      <div><dt>Customer</dt><dd>{user.fullName}</dd></div>
      <div><dt>E-mail</dt><dd className={styles.contact}><a href={`mailto:${user.email}`} data-testid="order-email">{user.email}</a></dd></div>
      {user.phone && <div><dt>Phone</dt><dd className={styles.contact}><a href={`tel:${user.phone.replace(/[^\d+]/g, '')}`} data-testid="order-phone">{user.phone}</a></dd></div>}
    </>
  );
}

/** Issue 38: how a shipped order travels, the number linked to the carrier's tracking page when it is a known one. */
function ShipmentFacts({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  return (
    <>
      {shipment.carrier && <div><dt>Carrier</dt><dd data-testid="order-carrier">{shipment.carrier}</dd></div>}
      {shipment.trackingNumber && (
        <div>
          <dt>Tracking number</dt>
          <dd data-testid="order-tracking">
            {shipment.trackingUrl ? (
              <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={styles.productLink}>
                {shipment.trackingNumber}
                <span className="visually-hidden"> (track the parcel on the carrier’s site, opens in a new tab)</span>
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
  const symbol = order.currency?.symbol;
  return (
    <div className={styles.linesWrap}>
      <table className={styles.lines}>
        <caption className="visually-hidden">Items in this order</caption>
        <thead>
          <tr><th scope="col"><span className="visually-hidden">Image</span></th><th scope="col">Price</th><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Total</th></tr>
        </thead>
        <tbody>
          {order.items.map((item) => {
            const options = item.options.map((o) => o.selectedOption?.name).filter(Boolean).join(', ');
            const image = item.product.imageUrls?.[0];
            return (
              <tr key={item._id}>
                <td>{image ? <img className={styles.thumb} src={assetUrl(image, 160)} alt="" width={56} height={72} loading="lazy" /> : <span className={styles.thumb} />}</td>
                <td data-label="Price">{formatMoney(unitPrice(item, order), symbol)}</td>
                <td data-label="Product">
                  <Link to={`/${item.product.slug}`} onClick={onNavigate} className={styles.productLink}>
                    {item.product.title}
                    {options && <span className={styles.options}> ({options})</span>}
                  </Link>
                </td>
                <td data-label="Quantity">{item.quantity}</td>
                <td data-label="Total">{formatMoney(lineTotal(item, order), symbol)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function OrderTotals({ order }: { order: Order }) {
  const symbol = order.currency?.symbol;
  const coupon = order.coupon;
  const discount = discountWithoutCoupon(order);
  return (
    <dl className={styles.totals}>
      <div><dt>Sub-total</dt><dd>{formatMoney(order.subTotalPrice, symbol)}</dd></div>
      <div><dt>Discount</dt><dd data-testid="order-discount">{formatReduction(discount, symbol)}</dd></div>
      {coupon && <div><dt>Coupon {coupon.code}</dt><dd data-testid="order-coupon">{formatReduction(coupon.amount, symbol)}</dd></div>}
      <div className={styles.grandTotal}><dt>Total</dt><dd>{formatMoney(order.totalPrice, symbol)}</dd></div>
    </dl>
  );
}

async function patchStatus(order: Order, status: OrderStatus, shipment?: { carrier?: string; trackingNumber?: string }): Promise<Order | null> {
  try {
    const { data } = await call('changeOrderStatus', { params: { id: order._id }, body: { status, ...shipment } });
    notify.success('Order status updated successfully!');
    return data?._id ? data : { ...order, status };
  } catch {
    notify.error('Failed to update order status. Please try again.');
    return null;
  }
}

/** SPEC §4: a customer can cancel only a pending order; asked first, as it cannot be undone (issue 22). */
function CustomerActions({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const [busy, setBusy] = useState(false);
  if (order.status !== 'pending') return null;
  const cancel = async () => {
    setBusy(true);
    const next = await patchStatus(order, 'cancelled');
    setBusy(false);
    if (next) onUpdated(next);
  };
  return (
    <div className={styles.actions}>
      <ConfirmStep action="Cancel order" question="Cancel this order? This cannot be undone." confirmLabel="Yes, cancel order" keepLabel="Keep order" busy={busy} onConfirm={cancel} />
    </div>
  );
}

/** SPEC §4: an admin sets processing, shipped, delivered or rejected (never on a cancelled order) and may delete. */
function AdminActions({ order, onUpdated, onDeleted }: { order: Order; onUpdated: (order: Order) => void; onDeleted: () => void }) {
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
    const next = await patchStatus(order, choice, given);
    setBusy(false);
    if (next) onUpdated(next);
  };
  const remove = async () => {
    setBusy(true);
    try {
      await call('deleteOrder', { params: { id: order._id } });
      notify.success('Order deleted successfully!');
      onDeleted();
    } catch {
      notify.error('Failed to delete order. Please try again.');
      setBusy(false);
    }
  };

  return (
    <div className={styles.actions}>
      {order.status === 'cancelled' ? (
        <p className={styles.note}>This order was cancelled by the customer, so its status can no longer be changed.</p>
      ) : (
        <div className={styles.statusForm}>
          <label htmlFor={selectId}>Change status</label>
          <select id={selectId} className={inputClass} value={choice} onChange={(e) => setChoice(e.target.value as OrderStatus)}>
            {!ADMIN_ORDER_STATUSES.includes(order.status) && <option value={order.status} disabled>{statusLabel(order.status)}</option>}
            {ADMIN_ORDER_STATUSES.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
          </select>
          {shipping && (
            <fieldset className={styles.shipment}>
              <legend>How it travels (optional)</legend>
              <div>
                <label htmlFor={carrierId}>Carrier</label>
                <input id={carrierId} className={inputClass} list={`${carrierId}-known`} value={carrier} maxLength={CARRIER_MAX_LENGTH} autoComplete="off" onChange={(e) => setCarrier(e.target.value)} />
                <datalist id={`${carrierId}-known`}>
                  {CARRIERS.map((c) => <option key={c.name} value={c.name} />)}
                </datalist>
              </div>
              <div>
                <label htmlFor={trackingId}>Tracking number</label>
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
                {!trackingValid && <p id={`${trackingId}-error`} className={styles.fieldError}>Use letters, digits, spaces and dashes only.</p>}
              </div>
            </fieldset>
          )}
          <Button onClick={update} disabled={busy || !trackingValid || (choice === order.status && !shipmentChanged)}>Update</Button>
        </div>
      )}
      <ConfirmStep action="Delete" question="Delete this order permanently?" confirmLabel="Confirm delete" keepLabel="Keep order" busy={busy} onConfirm={remove} />
    </div>
  );
}
