import { useEffect, useState } from 'react';
import {
  Link,
  useNavigate,
  Button,
  EmptyState,
  PAYMENT_CASH,
  PAYMENT_WALLET,
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
import { useOrderPreview, useSavedAddresses, useWalletClientId } from './useCheckoutData';
import styles from './Checkout.module.css';
import { useT } from '../messages';


/** /checkout: address (new or saved), order review with server totals, cash or wallet payment. */
export default function CheckoutPage() {
  useDocumentTitle(PAGE_HEADS['checkout/CheckoutPage']);
  const t = useT();
  const navigate = useNavigate();
  // The success toast names the new order's number when the answer carries it (issue 17).
  const orderPlaced = (order: Partial<Order> | undefined) => (order?.orderNumber ? t('checkout.placedNumber', { number: order.orderNumber }) : t('checkout.placed'));
  const { token } = useSessionValue();
  const signedIn = Boolean(token);
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
  const { preview, error: previewError, loading: previewLoading, recheck } = useOrderPreview(currencyId, items);
  const { code: couponCode } = useCoupon();

  // SPEC §4: the first saved address is preselected.
  const chosenId = savedId ?? addresses[0]?._id ?? null;

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

  async function submitOrder(extra: { paypalOrderId?: string } = {}) {
    setPlacing(true);
    // The code goes with the order: the server checks it again and charges it, or refuses the order (409).
    const coupon = couponCode ? { couponCode } : {};
    try {
      const { data } = await call('placeOrder', { body: { paymentMethod: extra.paypalOrderId ? PAYMENT_WALLET : PAYMENT_CASH, selectedCurr: currencyId, ...addressPayload(tab, address, chosenId), ...coupon, ...extra } });
      clearCart();
      forgetCoupon();
      notify.success(orderPlaced(data));
      // Issue 38: the order's own page (number, items, what happens next); /shop when the answer names none.
      navigate(data?._id ? orderConfirmationPath(data._id) : ROUTE_PATHS.shop);
    } catch (err) {
      // The server refuses what it cannot charge (a line not available in the currency, or no longer
      // in stock: 'Only 2 of Emerald Ring left'): say why.
      notify.error(refusalMessage(err, t('checkout.failed')));
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

  function placeOrder() {
    if (!checkAddress()) return;
    void submitOrder();
  }

  if (!signedIn) {
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
  const walletShown = walletSelected && walletClientId !== null && total > 0 && !currentProblem && !placing && !blocked;

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
            </fieldset>
            {problem && <p className={styles.error} role="alert">{problem}</p>}
            <p className={styles.privacy}>
              {t.rich('checkout.privacy', { link: (chunks) => <Link to="/privacy-policy">{chunks}</Link> })}
            </p>
            {walletSelected && !walletShown && currentProblem && !problem && <p className={styles.error}>{currentProblem}</p>}
            {walletShown ? (
              <WalletButton clientId={walletClientId} currencyId={currencyId} couponCode={couponCode} onApproved={(id) => submitOrder({ paypalOrderId: id })} onFailed={() => notify.error(t('checkout.failed'))} />
            ) : (
              !walletSelected && (
                <Button className={styles.placeOrder} onClick={placeOrder} disabled={!subtotal || Boolean(previewError) || placing || status === 'loading' || blocked} aria-busy={placing}>
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
