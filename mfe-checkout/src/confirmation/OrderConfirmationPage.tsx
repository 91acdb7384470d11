import type { ReactNode } from 'react';
import {
  Link,
  ROUTE_PATHS,
  NotFound,
  PAGE_HEADS,
  PAYMENT_CASH,
  PAYMENT_WALLET,
  Spinner,
  apiStatus,
  assetUrl,
  buttonClass,
  call,
  urlOf,
  useDocumentTitle,
  useFormat,
  useLoad,
  useParams,
  useCountryName,
  type Order,
} from '@shop/shared';
import { OrderTotals } from '../checkout/OrderTotals';
import { useT } from '../messages';
import styles from './Confirmation.module.css';

const ADDRESS_LINES = ['fullName', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;

/**
 * /order-confirmation/:id (issue 38): where Place order lands. The server answers only the buyer's own
 * order (another's is a 404, as an unknown one), so the page never shows someone else's; printable.
 */
export default function OrderConfirmationPage() {
  useDocumentTitle(PAGE_HEADS['checkout/OrderConfirmationPage']);
  const t = useT();
  const { id = '' } = useParams();
  const loaded = useLoad(id && urlOf('order', { params: { id } }), () =>
    call('order', { params: { id } }).then(({ data }) => {
      if (!Array.isArray(data) || !data[0]) throw new Error('no order');
      return data[0];
    }),
  );
  if (loaded.status === 'failed') {
    // Not there, or not this buyer's (the server says 404 alike): the shop's 404 page.
    const status = apiStatus(loaded.error);
    if (status === 404 || status === 400) return <NotFound />;
    return (
      <section className={styles.page} aria-labelledby="confirmation-title">
        <h1 id="confirmation-title">{t('confirmation.title')}</h1>
        <p role="alert">{t('confirmation.failed')}</p>
        <Links />
      </section>
    );
  }
  const order = loaded.data;
  if (!order) return <Spinner label={t('confirmation.loading')} />;
  return <Confirmation order={order} />;
}

/** The order as its buyer sees it; `children` (issue 40: a guest's order link): what the guest may do, in place of the account's links. */
export function Confirmation({ order, children }: { order: Order; children?: ReactNode }) {
  const t = useT();
  const { money, date } = useFormat();
  const symbol = order.currency?.symbol ?? '';
  const countryOf = useCountryName();
  // Issue 39: the country named in the page's language when its code is known.
  const a = order.shippingAddress && { ...order.shippingAddress, country: countryOf(order.shippingAddress) };
  const payment = order.paymentMethod === PAYMENT_CASH ? t('checkout.cash') : order.paymentMethod === PAYMENT_WALLET ? t('checkout.wallet') : order.paymentMethod;
  return (
    <section className={styles.page} aria-labelledby="confirmation-title">
      <header className={styles.head}>
        <p className={styles.kicker}>{t('confirmation.thanks')}</p>
        <h1 id="confirmation-title">{t('confirmation.heading', { number: order.orderNumber })}</h1>
        <p className={styles.date}>{date(order.orderDate)}</p>
      </header>

      <section className={styles.next} aria-labelledby="next-title">
        <h2 id="next-title">{t('confirmation.nextTitle')}</h2>
        <p data-testid="confirmation-email">
          {order.user?.email ? t('confirmation.emailSent', { email: order.user.email }) : t('confirmation.emailSentYou')}
        </p>
        <p>{order.paymentMethod === PAYMENT_CASH ? t('confirmation.nextCash') : t('confirmation.nextPaid')}</p>
      </section>
      {children}

      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="items-title">
          <h2 id="items-title">{t('confirmation.items')}</h2>
          <ul className={styles.items}>
            {order.items.map((item) => {
              const image = item.product.imageUrls?.[0];
              const options = item.options.map((o) => o.selectedOption?.name).filter(Boolean).join(', ');
              const total = item.totalPrice.find((p) => p.currType === order.currency.currType)?.amount;
              return (
                <li key={item._id} className={styles.item}>
                  {image ? <img className={styles.thumb} src={assetUrl(image, 160)} alt="" width={64} height={80} loading="lazy" /> : <span className={styles.thumb} />}
                  <span className={styles.itemText}>
                    <Link to={`/${item.product.slug}`}>{item.product.title}</Link>
                    {options && <span className={styles.muted}>{options}</span>}
                    <span className={styles.muted}>{t('confirmation.quantity', { count: item.quantity })}</span>
                  </span>
                  {total !== undefined && <span className={styles.amount}>{money(total, symbol)}</span>}
                </li>
              );
            })}
          </ul>
          <OrderTotals symbol={symbol} totals={order} testId="confirmation" />
        </section>
        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="ship-title">
            <h2 id="ship-title">{t('confirmation.address')}</h2>
            <address className={styles.address}>
              {ADDRESS_LINES.filter((field) => a?.[field]).map((field) => <span key={field}>{a[field]}</span>)}
            </address>
          </section>
          <section className={styles.card} aria-labelledby="pay-title">
            <h2 id="pay-title">{t('confirmation.payment')}</h2>
            <p data-testid="confirmation-payment">{payment}</p>
          </section>
        </div>
      </div>
      <Links print guest={Boolean(children)} />
    </section>
  );
}

function Links({ print = false, guest = false }: { print?: boolean; guest?: boolean }) {
  const t = useT();
  return (
    <nav className={styles.links} aria-label={t('confirmation.linksLabel')}>
      {!guest && <Link to={ROUTE_PATHS.myOrders} className={buttonClass()}>{t('confirmation.myOrders')}</Link>}
      <Link to={ROUTE_PATHS.shop} className={buttonClass('secondary')}>{t('confirmation.backToShop')}</Link>
      {print && (
        <button type="button" className={buttonClass('secondary')} onClick={() => window.print()}>
          {t('confirmation.print')}
        </button>
      )}
    </nav>
  );
}
