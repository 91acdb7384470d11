import type { FormEvent } from 'react';
import { inputClass, type Filter } from '@shop/shared';
import { PriceRange } from './PriceRange';
import type { ShopQuery } from './shopQuery';
import { useLocalCopy } from './useShopQuery';
import styles from './FilterSidebar.module.css';
import { useT } from '../messages';

interface FilterSidebarProps {
  query: ShopQuery;
  filters: Filter[];
  highest: number;
  symbol: string;
  onChange: (patch: Partial<ShopQuery>) => void;
}


/**
 * A list narrowed by a checkbox: 'In stock only' (issue 17: products that can be bought now,
 * available: true) or 'On sale' (issue 20: a running discount takes something off, onSale: true).
 */
export function ListCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

export const toggleOption = (options: string[], id: string): string[] => (options.includes(id) ? options.filter((o) => o !== id) : [...options, id]);

/** The desktop sidebar: keyword search, price range and one checkbox group per filter. */
export function FilterSidebar({ query, filters, highest, symbol, onChange }: FilterSidebarProps) {
  const t = useT();
  const [keyword, setKeyword] = useLocalCopy(query.que);
  const [options, setOptions] = useLocalCopy(query.options);
  const toggle = (id: string) => {
    const next = toggleOption(options, id);
    setOptions(next);
    onChange({ options: next });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ que: keyword.trim() });
  };

  return (
    <aside className={styles.sidebar} aria-label={t('filters.label')}>
      <search>
        <form className={styles.search} onSubmit={search}>
          <label htmlFor="shop-search" className="visually-hidden">{t('filters.searchLabel')}</label>
          <input id="shop-search" className={inputClass} type="search" placeholder={t('filters.searchPlaceholder')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          <button type="submit" className={styles.searchButton}>{t('filters.search')}</button>
        </form>
      </search>

      <fieldset className={styles.block}>
        <legend className={styles.legend}>{t('filters.availability')}</legend>
        <ListCheck label={t('filters.inStock')} checked={query.available} onChange={(available) => onChange({ available })} />
        <ListCheck label={t('filters.onSale')} checked={query.sale} onChange={(sale) => onChange({ sale })} />
        <ListCheck label={t('filters.topRated')} checked={query.topRated} onChange={(topRated) => onChange({ topRated })} />
      </fieldset>

      <section className={styles.block}>
        <PriceRange min={query.min} max={query.max} highest={highest} symbol={symbol} onApply={(min, max) => onChange({ min, max })} />
      </section>

      {filters.map((filter) => (
        <fieldset key={filter._id} className={styles.block}>
          <legend className={styles.legend}>{filter.name}</legend>
          <ul className={styles.options}>
            {filter.filterOptions.map((option) => (
              <li key={option._id}>
                <label className={styles.check}>
                  <input type="checkbox" checked={options.includes(option._id)} onChange={() => toggle(option._id)} />
                  <span>{option.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </aside>
  );
}
