import { useEffect, useState, type ReactNode } from 'react';
import { call, notify, Spinner, type Discount, type Filter } from '@shop/shared';
import styles from '../../common/admin.module.css';
import { IN_ENGLISH } from '../../common/inEnglish';

interface ChoiceProps {
  selected: string[];
  onChange: (ids: string[]) => void;
  footer?: ReactNode;
}

const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** The product's filter options: one checkbox group per filter. */
export function FilterOptionsTab({ selected, onChange, footer }: ChoiceProps) {
  const [filters, setFilters] = useState<Filter[] | null>(null);
  useEffect(() => {
    call('listFilters', { query: IN_ENGLISH })
      .then(({ data }) => setFilters(data))
      .catch(() => {
        notify.error('Failed to fetch filter');
        setFilters([]);
      });
  }, []);
  if (!filters) return <Spinner />;
  return (
    <div>
      {filters.length === 0 && <p className={styles.muted}>No Filters available yet.</p>}
      {filters.map((f) => (
        <fieldset key={f._id} className={styles.fieldset}>
          <legend>{f.name}</legend>
          <div className={styles.grid} style={{ paddingBottom: 'var(--space-3)' }}>
            {f.filterOptions.map((o) => (
              <label key={o._id} className={styles.check}>
                <input type="checkbox" checked={selected.includes(o._id)} onChange={() => onChange(toggle(selected, o._id))} />
                {o.name}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {footer}
    </div>
  );
}

/** The product's discounts: one checkbox per discount of the shop. */
export function DiscountsTab({ selected, onChange, footer }: ChoiceProps) {
  const [discounts, setDiscounts] = useState<Discount[] | null>(null);
  useEffect(() => {
    call('discounts')
      .then(({ data }) => setDiscounts(data))
      .catch(() => {
        notify.error('Failed to fetch discounts');
        setDiscounts([]);
      });
  }, []);
  if (!discounts) return <Spinner />;
  return (
    <div>
      {discounts.length === 0 ? (
        <p className={styles.muted}>No Discounts available yet.</p>
      ) : (
        <fieldset className={styles.fieldset}>
          <legend>Discounts of this product</legend>
          <div className={styles.grid} style={{ paddingBottom: 'var(--space-3)' }}>
            {discounts.map((d) => (
              <label key={d._id} className={styles.check}>
                <input type="checkbox" checked={selected.includes(d._id)} onChange={() => onChange(toggle(selected, d._id))} />
                {d.title} ({d.discountType === 'percentage' ? 'Percentage' : 'Fixed'})
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {footer}
    </div>
  );
}
