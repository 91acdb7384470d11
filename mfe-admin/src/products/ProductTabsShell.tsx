import type { ReactNode } from 'react';
import { Tabs } from '@shop/shared';
import { PRODUCT_TABS as ADD_TABS, type ProductTab } from './productDraft';
import styles from './ProductModal.module.css';

/** The product tabs (the five, or the edit modal's with Translations), with arrow buttons stepping between them on small screens. */
export function ProductTabsShell({
  active,
  onChange,
  children,
  tabs: PRODUCT_TABS = ADD_TABS,
}: { active: ProductTab; onChange: (tab: ProductTab) => void; children: ReactNode; tabs?: ReadonlyArray<{ key: ProductTab; label: string }> }) {
  const index = PRODUCT_TABS.findIndex((t) => t.key === active);
  return (
    <>
      <Tabs label="Product sections" tabs={PRODUCT_TABS} active={active} onChange={onChange} />
      <div className={styles.stepper}>
        <button type="button" className={styles.arrow} aria-label="Previous tab" disabled={index === 0} onClick={() => onChange(PRODUCT_TABS[index - 1].key)}>←</button>
        <span aria-hidden="true">{PRODUCT_TABS[index].label}</span>
        <button type="button" className={styles.arrow} aria-label="Next tab" disabled={index === PRODUCT_TABS.length - 1} onClick={() => onChange(PRODUCT_TABS[index + 1].key)}>→</button>
      </div>
      <div role="tabpanel" aria-label={PRODUCT_TABS[index].label} className={styles.panel}>{children}</div>
    </>
  );
}
