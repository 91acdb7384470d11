import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Link,
  useNavigate,
  Button,
  EmptyState,
  Spinner,
  PAYMENT_CARD,
  PAYMENT_CASH,
  PAYMENT_WALLET,
  useFormat,
  call,
  apiStatus,
  buttonClass,
  notify,
  refusalMessage,
  PAGE_HEADS,
  useDocumentTitle,
  useSelectedCurrency,
  useSessionValue,
  type Order,
  ROUTE_PATHS,
  orderConfirmationPath,
  addressCountryCode,
  apiErrorMessage,
  countryName,
  useLocale,
  Field,
} from '@shop/shared';
import { clearCart, fetchCart } from '../cart/cartState';
import { blocksOrder, cartSubtotal } from '../cart/cartLines';
import { useCart } from '../state/sessionSync';
import { CouponField } from '../coupon/CouponField';
import { forgetCoupon, useCoupon } from '../coupon/couponState';
import { AddressSection } from './AddressSection';
import { OrderReview } from './OrderReview';
import { WalletButton } from './WalletButton';
import { addressFieldProblems, addressPayload, addressProblem, blankAddress, type AddressTab, type NewAddress } from './addressRules';
import { useCardConfig, useOrderPreview, useSavedAddresses, useShippingOptions, useWalletClientId } from './useCheckoutData';
import { ShippingMethods } from './ShippingMethods';
import styles from './Checkout.module.css';
import { useT } from '../messages';
import { useGuestCheckout } from '../state/guestCheckout';
import { isEmailAddress } from '@shop/shared/src/contract';

// Issue 40: the card form (and Stripe.js, which it loads) only when the buyer picks Card: the page's first load stays as it was.
const CardPayment = lazy(() => import(/* webpackChunkName: "checkout-card" */ './CardPayment').then((m) => ({ default: m.CardPayment })));


/** /checkout: address (new or saved), order review with server totals, cash, wallet or card payment. */
export default function CheckoutPage() {
  useDocumentTitle(PAGE_HEADS['checkout/CheckoutPage']);
  const t = useT();
  const navigate = useNavigate();
  // The success toast names the new order's number when the answer carries it (issue 17).
  const orderPlaced = (order: Partial<Order> | undefined) => (order?.orderNumber ? t('checkout.placedNumber', { number: order.orderNumber }) : t('checkout.placed'));
  const { token } = useSessionValue();
  const signedIn = Boolean(token);
  // Issue 40: signed out with guest checkout on, a guest buys with an e-mail (no saved addresses, cash on delivery).
  const guest = useGuestCheckout();
  const [email, setEmail] = useState('');
  const [guestName, setGuestName] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();
  const { items, status } = useCart();
  const currency = useSelectedCurrency();
  const currencyId = currency?._id ?? '';
  const symbol = currency?.symbol ?? '';

  const [tab, setTab] = useState<AddressTab>('new');
  const [address, setAddress] = useState<NewAddress>(blankAddress);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [method, setMethod] = useState<string>(PAYMENT_CASH);
  const [problem, setProblem] = useState<string | null>(null);
  // Issue 38: once checkout was asked for, each wrong field is marked; the keyboard goes to the first.
  const [fieldsChecked, setFieldsChecked] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [placing, setPlacing] = useState(false);

  const { addresses, loading: savedLoading } = useSavedAddresses(signedIn);
  const walletClientId = useWalletClientId(signedIn);
  // Issue 40: a guest pays by card too (with their cart token); the wallet stays for accounts.
  const card = useCardConfig(signedIn || guest);
  const { code: couponCode } = useCoupon();
  const locale = useLocale();
  const { money } = useFormat();

  // SPEC §4: the first saved address is preselected.
  const chosenId = savedId ?? addresses[0]?._id ?? null;

  // Issue 39: where it ships (the new address's country, or the saved one's), and how.
  const savedAddress = addresses.find((a) => a._id === chosenId);
  const country = tab === 'new' ? address.countryCode : addressCountryCode(savedAddress);
  const { choice: shippingChoice, reload: reloadShipping } = useShippingOptions(country, currencyId, items, couponCode);
  const [methodId, setMethodId] = useState<string | null>(null);
  // The server refused the method (it no longer applies): its words, until another is chosen.
  const [methodProblem, setMethodProblem] = useState<string | null>(null);
  const options = shippingChoice.state === 'ready' ? shippingChoice.options : [];
  // The method chosen while it is offered; else the first (cheapest) one.
  const chosenMethodId = options.find((o) => o._id === methodId)?._id ?? options[0]?._id ?? null;
  const shippingSetUp = shippingChoice.state !== 'ready' || options.length > 0;
  const notShipped = shippingChoice.state === 'notShipped';
  const shipping = useMemo(() => {
    if (!country || notShipped) return {};
    const where = tab === 'saved' && chosenId ? { addressId: chosenId } : { country, ...(address.state.trim() && { region: address.state.trim() }) };
    return { ...where, ...(chosenMethodId && { shippingMethodId: chosenMethodId }) };
  }, [country, notShipped, tab, chosenId, address.state, chosenMethodId]);
  // Until the methods are known, the preview waits (no total shown that the next answer would change).
  const shippingPending = shippingSetUp && Boolean(country) && !chosenMethodId && !notShipped;
  const { preview, error: previewError, loading: previewLoading, recheck } = useOrderPreview(shippingPending ? undefined : currencyId, items, { shipping });

  const localSubtotal = cartSubtotal(items, currencyId);
  const subtotal = preview?.subTotalPrice ?? localSubtotal;
  const total = preview?.totalPrice ?? 0;
  // Issue 17: a line asking for more than is left would be refused; OrderReview lists them.
  const blocked = items.some(blocksOrder);
  const currentProblem = addressProblem(tab, address, chosenId);
  // Once shown, the message follows the fields until the address is fine.
  useEffect(() => {
    if (problem) setProblem(currentProblem);
  }, [currentProblem, problem]);

  /** Shows the address message (inline and as a toast); true when the address is fine. */
  function checkAddress(): boolean {
    setProblem(currentProblem);
    if (currentProblem) {
      notify.error(currentProblem);
      setFieldsChecked(true);
      setFocusRequest((n) => n + 1);
    }
    return !currentProblem;
  }

  function choosePayment(next: string) {
    // SPEC §5: choosing a payment method is blocked while the address is invalid.
    if (next !== method && !checkAddress()) return;
    setMethod(next);
  }

  /** An order placed (cash, wallet, or a card payment the server has read from Stripe). */
  function placed(data: Order | undefined) {
    clearCart();
    forgetCoupon();
    if (guest) {
      // A guest's order is seen through the private link e-mailed to them (the order's page is an account's).
      notify.success(t('checkout.guestPlaced', { number: data?.orderNumber ?? '', email: email.trim() }));
      navigate(ROUTE_PATHS.shop);
      return;
    }
    notify.success(orderPlaced(data));
    // Issue 38: the order's own page (number, items, what happens next); /shop when the answer names none.
    navigate(data?._id ? orderConfirmationPath(data._id) : ROUTE_PATHS.shop);
  }

  async function submitOrder(extra: { paypalOrderId?: string } = {}) {
    setPlacing(true);
    // The code goes with the order: the server checks it again and charges it, or refuses the order (409).
    const coupon = couponCode ? { couponCode } : {};
    try {
      const method = chosenMethodId ? { shippingMethodId: chosenMethodId } : {};
      const where = addressPayload(tab, address, chosenId);
      const { data } = await call('placeOrder', { body: { paymentMethod: extra.paypalOrderId ? PAYMENT_WALLET : PAYMENT_CASH, selectedCurr: currencyId, ...where, ...coupon, ...method, ...extra, ...guestBuyer(where) } });
      placed(data);
    } catch (err) {
      // The server refuses what it cannot charge (a line not available in the currency, or no longer
      // in stock: 'Only 2 of Emerald Ring left'): say why.
      notify.error(refusalMessage(err, t('checkout.failed')));
      // Issue 39: a method that no longer applies (the address moved, the cart grew past a band, the method
      // went): its words beside the methods, which are read again with the total at their new price.
      if (apiStatus(err) === 400 && chosenMethodId) {
        setMethodProblem(apiErrorMessage(err, t('checkout.failed')));
        reloadShipping();
        recheck();
      }
      // 409: stock moved since the cart was read, or the code no longer applies; the cart is kept, and read
      // again so its lines say what is left, and the code is checked again so the field says why it went.
      if (apiStatus(err) === 409) {
        void fetchCart();
        if (couponCode) recheck();
      }
    } finally {
      setPlacing(false);
    }
  }

  /** A guest's order or card payment names its buyer: the e-mail, and the name in the address (an account's takes the account's). */
  function guestBuyer(where: ReturnType<typeof addressPayload>) {
    return guest && 'shippingAddress' in where ? { email: email.trim(), shippingAddress: { ...where.shippingAddress, fullName: guestName.trim() } } : {};
  }

  /** What must be right before ordering or paying: a guest's name and e-mail, then the address (each marked, with a toast). */
  function readyToOrder() {
    if (guest && !guestName.trim()) {
      setNameError(t('checkout.nameRequired'));
      notify.error(t('checkout.nameRequired'));
      return false;
    }
    if (guest && !isEmailAddress(email.trim())) {
      setEmailError(t('checkout.emailInvalid'));
      notify.error(t('checkout.emailInvalid'));
      return false;
    }
    return checkAddress();
  }

  function placeOrder() {
    if (readyToOrder()) void submitOrder();
  }

  if (!signedIn && !guest) {
    return (
      <section className={styles.page} aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="visually-hidden">{t('checkout.title')}</h1>
        <div className={styles.emptyBlock}>
          <EmptyState>{t('checkout.loginFirst')}</EmptyState>
          <Link to={ROUTE_PATHS.login} className={buttonClass()}>{t('checkout.login')}</Link>
        </div>
      </section>
    );
  }

  const walletSelected = method === PAYMENT_WALLET;
  // Issue 39: nothing is ordered to a country no zone covers, nor before a method is there to go by.
  const shippingReady = !notShipped && shippingChoice.state !== 'failed' && !shippingPending && !(shippingSetUp && country && shippingChoice.state !== 'ready');
  const walletShown = walletSelected && walletClientId !== null && total > 0 && !currentProblem && !placing && !blocked && shippingReady;
  const cardSelected = method === PAYMENT_CARD;
  const cardReady = card !== null && total > 0 && !currentProblem && !blocked && shippingReady && !previewError && status !== 'loading';
  // What a card payment is made for: a change of any of it is a new intent (the card form starts again).
  const shipTo = addressPayload(tab, address, chosenId);
  const cardIntent = { selectedCurr: currencyId, ...shipTo, ...(couponCode ? { couponCode } : {}), ...(chosenMethodId ? { shippingMethodId: chosenMethodId } : {}), ...guestBuyer(shipTo) };
  const cardKey = JSON.stringify([cardIntent, total, items.map((i) => [i._id, i.quantity])]);

  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="visually-hidden">{t('checkout.title')}</h1>
      {status !== 'loading' && items.length === 0 && (
        <div className={styles.emptyBlock}>
          <EmptyState>{t('cart.empty')}</EmptyState>
          <Link to={ROUTE_PATHS.shop} className={buttonClass('secondary')}>{t('cart.goToShop')}</Link>
        </div>
      )}
      <div className={styles.layout}>
        <div className={styles.side}>
          {guest && (
            <section className={styles.card} aria-labelledby="guest-title">
              <h2 id="guest-title">{t('checkout.guestTitle')}</h2>
              <Field
                label={t('checkout.fullName')}
                name="fullName"
                autoComplete="name"
                required
                maxLength={100}
                value={guestName}
                error={nameError}
                onChange={(e) => {
                  setGuestName(e.target.value);
                  setNameError(undefined);
                }}
              />
              <Field
                label={t('checkout.email')}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                value={email}
                error={emailError}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setEmailError(undefined);
                }}
              />
              <p className={styles.privacy}>{t('checkout.emailHint')}</p>
              <Link to={ROUTE_PATHS.login}>{t('checkout.guestSignIn')}</Link>
            </section>
          )}
          <AddressSection
            tab={tab}
            onTab={setTab}
            address={address}
            onAddress={setAddress}
            saved={addresses}
            savedLoading={savedLoading}
            savedId={chosenId}
            onSaved={setSavedId}
            problems={fieldsChecked && tab === 'new' ? addressFieldProblems(address) : undefined}
            focusRequest={focusRequest}
          />
          <ShippingMethods
            choice={shippingChoice}
            countryName={country ? countryName(country, locale) : ''}
            selectedId={chosenMethodId}
            onSelect={(id) => {
              setMethodId(id);
              setMethodProblem(null);
            }}
            symbol={symbol}
            problem={methodProblem}
          />
        </div>
        <div className={styles.side}>
          <OrderReview items={items} currencyId={currencyId} symbol={symbol} preview={preview} previewError={previewError} loading={previewLoading} localSubtotal={localSubtotal}>
            {items.length > 0 && <CouponField preview={preview} failed={previewError !== null} symbol={symbol} />}
          </OrderReview>
          <section className={styles.card} aria-labelledby="payment-title">
            <h2 id="payment-title">{t('checkout.payment')}</h2>
            <fieldset className={styles.payments}>
              <legend className="visually-hidden">{t('checkout.paymentMethod')}</legend>
              <label className={styles.payment}>
                <input type="radio" name="payment" value={PAYMENT_CASH} checked={method === PAYMENT_CASH} onChange={() => choosePayment(PAYMENT_CASH)} />
                {t('checkout.cash')}
              </label>
              {walletClientId && (
                <label className={styles.payment}>
                  <input type="radio" name="payment" value={PAYMENT_WALLET} checked={walletSelected} onChange={() => choosePayment(PAYMENT_WALLET)} />
                  {t('checkout.wallet')}
                </label>
              )}
              {card && (
                <label className={styles.payment}>
                  <input type="radio" name="payment" value={PAYMENT_CARD} checked={cardSelected} onChange={() => choosePayment(PAYMENT_CARD)} />
                  {t('checkout.card')}
                </label>
              )}
            </fieldset>
            {problem && <p className={styles.error} role="alert">{problem}</p>}
            <p className={styles.privacy}>
              {t.rich('checkout.privacy', { link: (chunks) => <Link to="/privacy-policy">{chunks}</Link> })}
            </p>
            {(walletSelected || cardSelected) && !walletShown && currentProblem && !problem && <p className={styles.error}>{currentProblem}</p>}
            {cardSelected && card ? (
              <Suspense fallback={<Spinner label={t('checkout.cardLoading')} />}>
                <CardPayment
                  key={cardKey}
                  publishableKey={card.publishableKey}
                  jsUrl={card.jsUrl}
                  intent={cardIntent}
                  totalLabel={money(total, symbol)}
                  disabled={!cardReady}
                  check={readyToOrder}
                  onPaid={placed}
                  onRefused={(status) => {
                    if (status === 409) void fetchCart();
                    recheck();
                  }}
                />
              </Suspense>
            ) : walletShown ? (
              <WalletButton clientId={walletClientId} currencyId={currencyId} couponCode={couponCode} shipping={shipping} onApproved={(id) => submitOrder({ paypalOrderId: id })} onFailed={() => notify.error(t('checkout.failed'))} />
            ) : (
              !walletSelected && !cardSelected && (
                <Button className={styles.placeOrder} onClick={placeOrder} disabled={!subtotal || Boolean(previewError) || placing || status === 'loading' || blocked || !shippingReady} aria-busy={placing}>
                  {t(placing ? 'checkout.placing' : 'checkout.place')}
                </Button>
              )
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
