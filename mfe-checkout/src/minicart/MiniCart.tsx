import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { keepFocusIn, useLocation, Spinner, useFormat, useSelectedCurrency, type FragmentProps } from '@shop/shared';
import { cartPrices } from '../cart/cartLines';
import { useCart } from '../state/sessionSync';
import styles from './MiniCart.module.css';
import { useT } from '../messages';

// The list loads only when opened: this fragment is on every page, so its first chunk stays small.
const MiniCartPanel = lazy(() => import('./MiniCartPanel'));

/** The header's cart: the count and the cart total, and on demand the list, subtotal, View cart and Checkout. */
export default function MiniCart({ compact }: FragmentProps['checkout/MiniCart']) {
  const t = useT();
  const { money } = useFormat();
  const { items, length } = useCart();
  const currency = useSelectedCurrency();
  // SPEC §2's header cart total, at sale prices like the panel's subtotal; none while a line has no price in the currency.
  const total = items.length && currency ? cartPrices(items, currency._id).subtotal : undefined;
  const totalText = total === undefined ? '' : money(total, currency?.symbol);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // A navigation closes the panel: set while rendering the new page, so the open panel is never painted on it.
  const [shownPathname, setShownPathname] = useState(pathname);
  if (shownPathname !== pathname) {
    setShownPathname(pathname);
    setOpen(false);
  }
  // Issue 38: open, it keeps the keyboard like the other dialogs (Tab cycles inside); Escape closes it and
  // gives the focus back to the cart button.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
      } else if (e.key === 'Tab' && panelRef.current) keepFocusIn(panelRef.current, e);
    };
    const onPointer = (e: PointerEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={rootRef} data-compact={compact || undefined}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.icon}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 8h12l-1 12H7L6 8Z M9 8V6a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
          <span className={styles.count} data-testid="mini-cart-count" aria-hidden="true">{length}</span>
        </span>
        {/* Named by its text ('Cart, 2 items, $151.30'), so the total a sighted shopper reads is in the name as it is shown. */}
        <span className="visually-hidden">{`${t('mini.name', { count: length })}${totalText ? ', ' : ''}`}</span>
        {totalText && <span className={styles.total} data-testid="header-cart-total">{totalText}</span>}
      </button>
      {open && (
        <div id={panelId} ref={panelRef} tabIndex={-1} className={styles.panel} role="dialog" aria-modal="true" aria-label={t('mini.dialog')}>
          <Suspense fallback={<Spinner label={t('cart.loading')} />}>
            <MiniCartPanel onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
