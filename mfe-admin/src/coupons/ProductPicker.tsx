import { useId, useState } from 'react';
import { call, inputClass, useLoad, type Product } from '@shop/shared';
import styles from '../common/admin.module.css';
import { usePagedSearch } from '../common/usePagedSearch';
import local from './Coupons.module.css';

/** Products found a search; a few, as the admin narrows by typing. */
export const PICKER_PAGE_SIZE = 8;

export interface ProductPickerProps {
  /** The chosen product ids; none: the coupon applies to the whole cart. */
  value: string[];
  onChange: (ids: string[]) => void;
}

/**
 * A searchable multi-select of products: the admin products list's search (POST /product/filter),
 * each product found a checkbox; the chosen ones as tags above, a tag's button takes it out.
 */
export function ProductPicker({ value, onChange }: ProductPickerProps) {
  const searchId = useId();
  const hintId = useId();
  const { keyword, setKeyword, data, loading } = usePagedSearch<Product>({ endpoint: 'searchProducts', limit: PICKER_PAGE_SIZE, errorMessage: 'Failed to Fetch Product' });
  // Titles of the chosen products: from the results shown or clicked, and read once for those saved before.
  const [titles, setTitles] = useState<Record<string, string>>({});
  const titleOf = (id: string) => titles[id] ?? data.items.find((p) => p._id === id)?.title;
  const unknown = value.filter((id) => titleOf(id) === undefined);
  useLoad(
    unknown.length > 0 && unknown.join(','),
    (ids) =>
      Promise.all(
        ids.split(',').map((id) =>
          call('product', { params: { id } }).then(
            ({ data }) => [id, (data as Product | undefined)?.title || 'Unknown product'] as const,
            () => [id, 'Unknown product'] as const,
          ),
        ),
      ),
    { onSuccess: (found) => setTitles((t) => ({ ...t, ...Object.fromEntries(found) })) },
  );

  const toggle = (product: Product, on: boolean) => {
    setTitles((t) => ({ ...t, [product._id]: product.title }));
    onChange(on ? [...value, product._id] : value.filter((id) => id !== product._id));
  };
  const more = data.itemCount - data.items.length;

  return (
    <fieldset className={styles.fieldset}>
      <legend>Products</legend>
      <p id={hintId} className={`${styles.muted} ${local.hint}`}>
        {value.length ? `Applies to ${value.length === 1 ? 'this product' : `these ${value.length} products`} only.` : 'None chosen: applies to the whole cart.'}
      </p>
      {value.length > 0 && (
        <ul className={styles.tags} aria-label="Chosen products">
          {value.map((id) => (
            <li key={id}>
              <button type="button" className={styles.tag} onClick={() => onChange(value.filter((v) => v !== id))} aria-label={`Remove ${titleOf(id) ?? 'product'}`}>
                {titleOf(id) ?? '…'} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={searchId} className={styles.label}>Search products</label>
      <input
        id={searchId}
        type="search"
        className={inputClass}
        value={keyword}
        placeholder="Search products…"
        aria-describedby={hintId}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <ul className={local.results} aria-label="Products found" aria-busy={loading}>
        {data.items.map((p) => (
          <li key={p._id}>
            <label className={styles.check}>
              <input type="checkbox" checked={value.includes(p._id)} onChange={(e) => toggle(p, e.target.checked)} />
              {p.title}
            </label>
          </li>
        ))}
        {!loading && data.items.length === 0 && <li className={styles.muted}>No products found.</li>}
      </ul>
      {more > 0 && <p className={`${styles.muted} ${local.hint}`}>{more.toLocaleString('en-US')} more: type to narrow the search.</p>}
    </fieldset>
  );
}
