import { useEffect, useRef, useState } from 'react';
import { Button, Spinner, apiStatus, call, refusalMessage, useLocale, type BodyOf, type endpoints, type Order } from '@shop/shared';
import { loadStripeJs, type StripeElements, type StripeInstance } from './stripeJs';
import { useT } from '../messages';
import styles from './Checkout.module.css';

type IntentBody = BodyOf<(typeof endpoints)['cardIntent']>;

interface Props {
  publishableKey: string;
  jsUrl: string;
  /** What the intent is made for: the order's currency, address, code and shipping method (the server prices it). */
  intent: IntentBody;
  /** The total as the page shows it (the server's preview), for the Pay button. */
  totalLabel: string;
  disabled: boolean;
  /** The page's own checks before an intent is asked for (a guest's name and e-mail, the address): false stops here, the page says why. */
  check?: () => boolean;
  onPaid: (order: Order) => void;
  /** 409 of the completion: the cart or the stock moved; the page reads them again. */
  onRefused: (status: number | null) => void;
}

type Stage = { step: 'idle' } | { step: 'preparing' } | { step: 'ready'; stripe: StripeInstance; elements: StripeElements; intentId: string; holdUntil: string } | { step: 'paying' };

/**
 * Issue 40: pay by card. Stripe.js is loaded only here, when the buyer asks for the card form: the
 * server makes the PaymentIntent for its own total (the pieces are held meanwhile), the Payment Element
 * takes the card (3-D Secure in its own window), and the order is placed by the server once it has read
 * the payment from Stripe. The page remounts this (a new key) whenever what is paid for changes.
 */
export function CardPayment({ publishableKey, jsUrl, intent, totalLabel, disabled, check, onPaid, onRefused }: Props) {
  const t = useT();
  const locale = useLocale();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function prepare() {
    if (check && !check()) return;
    setError(null);
    setStage({ step: 'preparing' });
    try {
      const [{ data }, factory] = await Promise.all([call('cardIntent', { body: intent }), loadStripeJs(jsUrl)]);
      if (!alive.current || !mountRef.current) return;
      const stripe = factory(publishableKey, { locale });
      const elements = stripe.elements({ clientSecret: data.clientSecret, locale });
      mountRef.current.replaceChildren();
      elements.create('payment').mount(mountRef.current);
      setStage({ step: 'ready', stripe, elements, intentId: data.paymentIntentId, holdUntil: data.holdUntil });
    } catch (err) {
      if (!alive.current) return;
      setError(err instanceof Error && err.message === 'Stripe.js could not be loaded.' ? t('checkout.cardFailed') : refusalMessage(err, t('checkout.failed')));
      setStage({ step: 'idle' });
      if (apiStatus(err) === 409) onRefused(409);
    }
  }

  async function pay() {
    if (stage.step !== 'ready') return;
    const ready = stage;
    setError(null);
    const submitted = await ready.elements.submit();
    if (submitted.error) {
      setError(submitted.error.message ?? t('checkout.failed'));
      return;
    }
    setStage({ step: 'paying' });
    const confirmed = await ready.stripe.confirmPayment({
      // The Elements were made with the intent's client secret: Stripe.js takes it from them.
      elements: ready.elements,
      confirmParams: { return_url: `${window.location.origin}${window.location.pathname}` },
      redirect: 'if_required',
    });
    if (!alive.current) return;
    if (confirmed.error) {
      setError(confirmed.error.message ?? t('checkout.failed'));
      setStage(ready);
      return;
    }
    try {
      const { data } = await call('cardComplete', { body: { paymentIntentId: confirmed.paymentIntent?.id ?? ready.intentId } });
      onPaid(data);
    } catch (err) {
      if (!alive.current) return;
      setError(refusalMessage(err, t('checkout.failed')));
      setStage(ready);
      onRefused(apiStatus(err) ?? null);
    }
  }

  const time = stage.step === 'ready' ? new Date(stage.holdUntil).toLocaleTimeString(locale === 'fr' ? 'fr-FR' : 'en-US', { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <div className={styles.cardPayment} aria-busy={stage.step === 'preparing' || stage.step === 'paying'} data-testid="card-payment">
      {stage.step === 'idle' && (
        <Button className={styles.placeOrder} onClick={() => void prepare()} disabled={disabled}>
          {t('checkout.cardContinue')}
        </Button>
      )}
      {stage.step === 'preparing' && <Spinner label={t('checkout.cardLoading')} />}
      <div ref={mountRef} className={styles.cardForm} />
      {stage.step === 'ready' && <p className={styles.privacy}>{t('checkout.cardHeld', { time })}</p>}
      {(stage.step === 'ready' || stage.step === 'paying') && (
        <Button className={styles.placeOrder} onClick={() => void pay()} disabled={disabled || stage.step === 'paying'} aria-busy={stage.step === 'paying'}>
          {stage.step === 'paying' ? t('checkout.cardPaying') : t('checkout.cardPay', { total: totalLabel })}
        </Button>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
