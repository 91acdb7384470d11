import { useEffect, useState } from 'react';
import { Button, inputClass, Modal, Tabs, type Filter } from '@shop/shared';
import { ListCheck, toggleOption } from './FilterSidebar';
import { SORTS, type ShopQuery } from './shopQuery';
import styles from './MobileModals.module.css';
import { useT } from '../messages';

/** Small screens: the sort choices in a modal; choosing one applies it and closes. */
export function SortModal({ open, sort, onClose, onChange }: { open: boolean; sort: ShopQuery['sort']; onClose: () => void; onChange: (sort: ShopQuery['sort']) => void }) {
  const t = useT();
  return (
    <Modal open={open} title={t('shop.sort')} onClose={onClose}>
      <ul className={styles.sorts} aria-label={t('sort.products')}>
        {SORTS.map((s) => (
          <li key={s.value}>
            <button
              type="button"
              className={styles.sortChoice}
              aria-pressed={sort === s.value}
              onClick={() => {
                onChange(s.value);
                onClose();
              }}
            >
              {t(s.label)}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

interface FilterModalProps {
  open: boolean;
  query: ShopQuery;
  filters: Filter[];
  onClose: () => void;
  onApply: (patch: Pick<ShopQuery, 'options' | 'min' | 'max' | 'available' | 'sale' | 'topRated'>) => void;
}

/** SPEC §5: the free-text Min/Max become numbers on Apply; anything that is not a number is dropped. */
export function priceFromText(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text.replace(/,/g, '').trim());
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Small screens: tabs Price plus one per filter, Min/Max inputs, Clear and Apply. */
export function FilterModal({ open, query, filters, onClose, onApply }: FilterModalProps) {
  const t = useT();
  const [tab, setTab] = useState('price');
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  const [available, setAvailable] = useState(false);
  const [sale, setSale] = useState(false);
  const [topRated, setTopRated] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMinText(query.min === undefined ? '' : String(query.min));
    setMaxText(query.max === undefined ? '' : String(query.max));
    setOptions(query.options);
    setAvailable(query.available);
    setSale(query.sale);
    setTopRated(query.topRated);
  }, [open, query.min, query.max, query.options, query.available, query.sale, query.topRated]);

  const tabs = [{ key: 'price', label: t('price.title') }, ...filters.map((f) => ({ key: f._id, label: f.name }))];
  const current = filters.find((f) => f._id === tab);

  const clear = () => {
    setMinText('');
    setMaxText('');
    setOptions([]);
    setAvailable(false);
    setSale(false);
    setTopRated(false);
  };
  const apply = () => {
    onApply({ options, min: priceFromText(minText), max: priceFromText(maxText), available, sale, topRated });
    onClose();
  };

  return (
    <Modal open={open} title={t('shop.filter')} onClose={onClose}>
      <Tabs label={t('filters.by')} tabs={tabs} active={tab} onChange={setTab} />
      <div role="tabpanel" aria-label={current?.name ?? t('price.title')} className={styles.panel}>
        {tab === 'price' || !current ? (
          <div className={styles.prices}>
            <label>
              <span>{t('price.min')}</span>
              <input className={inputClass} type="text" inputMode="decimal" value={minText} onChange={(e) => setMinText(e.target.value)} placeholder="1" />
            </label>
            <label>
              <span>{t('price.max')}</span>
              <input className={inputClass} type="text" inputMode="decimal" value={maxText} onChange={(e) => setMaxText(e.target.value)} placeholder="1000" />
            </label>
          </div>
        ) : (
          <ul className={styles.options}>
            {current.filterOptions.map((option) => (
              <li key={option._id}>
                <label className={styles.check}>
                  <input type="checkbox" checked={options.includes(option._id)} onChange={() => setOptions((o) => toggleOption(o, option._id))} />
                  <span>{option.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.stockOnly}>
        <ListCheck label={t('filters.inStock')} checked={available} onChange={setAvailable} />
        <ListCheck label={t('filters.onSale')} checked={sale} onChange={setSale} />
        <ListCheck label={t('filters.topRated')} checked={topRated} onChange={setTopRated} />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={clear}>{t('filters.clear')}</Button>
        <Button onClick={apply}>{t('filters.apply')}</Button>
      </div>
    </Modal>
  );
}
