import { useId, type ReactNode } from 'react';
import { DataTable, type Column, type Product, type SetStockBody, type StockLevel } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import styles from './Stock.module.css';
import { DEFAULT_LOW_STOCK_THRESHOLD, MAX_STOCK_QUANTITY, OUT_OF_STOCK, combinationKey, combinationsOf } from '@shop/shared/src/contract';

/** What the stock section edits: the switch and one typed quantity per combination (by combinationKey). */
export interface StockDraft {
  trackInventory: boolean;
  quantities: Record<string, string>;
}

export const emptyStock: StockDraft = { trackInventory: false, quantities: {} };

export const stockDraftOf = (product: Pick<Product, 'trackInventory' | 'stock'>): StockDraft => ({
  trackInventory: product.trackInventory,
  quantities: Object.fromEntries((product.stock ?? []).map((s) => [combinationKey(s.options), String(s.quantity)])),
});

/** The variants as the modal edits them: the saved product's, or the add modal's drafts. */
export type StockVariant = { _id: string; type: string; options: ReadonlyArray<{ _id: string; name: string; isActive: boolean; inStock: boolean }> };

export interface StockRow {
  key: string;
  options: string[];
  label: string;
  /** An option of it is switched off (not active or not in stock): never sold, whatever its quantity. */
  off: boolean;
}

/**
 * One row per combination of the variants (contract's combinationsOf, option ids in variant order),
 * named by its options ('Rose Gold / 7') or, without variants, by the product. Past MAX_COMBINATIONS
 * only the combinations with a stored quantity are listed (`tooMany`).
 */
export function stockRows(variants: readonly StockVariant[], productTitle: string, stored: readonly StockLevel[] = []): { rows: StockRow[]; tooMany: boolean } {
  const options = new Map(variants.flatMap((v) => v.options.map((o) => [o._id, o] as const)));
  const all = combinationsOf(variants.map((v) => ({ _id: v._id, type: v.type, options: v.options.map((o) => ({ ...o, incRate: [] })) })));
  const row = (ids: string[]): StockRow => ({
    key: combinationKey(ids),
    options: ids,
    label: ids.length ? ids.map((id) => options.get(id)?.name ?? '?').join(' / ') : productTitle.trim() || 'This product',
    off: ids.some((id) => {
      const o = options.get(id);
      return !(o?.isActive && o.inStock);
    }),
  });
  return all ? { rows: all.map(row), tooMany: false } : { rows: stored.map((s) => row(s.options)), tooMany: true };
}

/** A typed quantity: blank counts 0; else a whole number from 0 to MAX_STOCK_QUANTITY, or null. */
export function parseQuantity(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_STOCK_QUANTITY ? n : null;
}

export const quantityRule = `a whole number from 0 to ${MAX_STOCK_QUANTITY.toLocaleString('en-US')}`;

/** The PUT /product/{id}/stock body for every row, or the first row whose quantity is not one. */
export function stockBody(rows: readonly StockRow[], draft: StockDraft): { body: SetStockBody } | { error: string } {
  const stock: StockLevel[] = [];
  for (const r of rows) {
    const quantity = parseQuantity(draft.quantities[r.key]);
    if (quantity === null) return { error: `Quantity of ${r.label} must be ${quantityRule}` };
    stock.push({ options: r.options, quantity });
  }
  return { body: { trackInventory: draft.trackInventory, stock } };
}

export interface StockGridProps {
  rows: StockRow[];
  tooMany?: boolean;
  value: StockDraft;
  onChange: (value: StockDraft) => void;
  lowStockThreshold?: number;
  /** The edit modal's save: its footer holds a submit button, so Enter in a quantity saves too. */
  onSubmit?: () => void;
  footer?: ReactNode;
}

/** The product's stock, below its variants: the 'Track inventory' switch and a quantity per combination, with its total. */
export function StockGrid({ rows, tooMany, value, onChange, lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD, onSubmit, footer }: StockGridProps) {
  const switchId = useId();
  const hintId = useId();
  const titleId = useId();
  const setQuantity = (key: string, text: string) => onChange({ ...value, quantities: { ...value.quantities, [key]: text } });
  const quantities = rows.map((r) => parseQuantity(value.quantities[r.key]));
  const total = quantities.reduce<number>((sum, q) => sum + (q ?? 0), 0);
  const invalid = rows.find((_, i) => quantities[i] === null);

  const badge = (r: StockRow, quantity: number | null) => {
    if (r.off) return <span className={`${styles.badge} ${styles.off}`} title="An option of it is not active or not in stock: never sold">Option off</span>;
    if (!value.trackInventory || quantity === null) return null;
    if (quantity === 0) return <span className={`${styles.badge} ${styles.out}`}>{OUT_OF_STOCK}</span>;
    return quantity <= lowStockThreshold ? <span className={`${styles.badge} ${styles.low}`}>Low</span> : null;
  };
  const columns: Column<StockRow>[] = [
    {
      header: 'Combination',
      cell: (r, i) => (
        <span className={styles.combination}>
          <span>{r.label}</span>
          {badge(r, quantities[i])}
        </span>
      ),
    },
    {
      header: 'Quantity',
      cell: (r, i) => (
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK_QUANTITY}
          step={1}
          placeholder="0"
          className={`${adminStyles.select} ${styles.quantity}`}
          aria-label={`Quantity of ${r.label}`}
          aria-invalid={quantities[i] === null}
          aria-describedby={hintId}
          value={value.quantities[r.key] ?? ''}
          onChange={(e) => setQuantity(r.key, e.target.value)}
        />
      ),
    },
  ];

  return (
    <form
      className={styles.stock}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <h3 id={titleId} className={styles.title}>Stock</h3>
      <div className={styles.trackRow}>
        <label className={styles.switch} htmlFor={switchId}>
          <input id={switchId} type="checkbox" role="switch" aria-checked={value.trackInventory} checked={value.trackInventory} onChange={(e) => onChange({ ...value, trackInventory: e.target.checked })} />
          <span className={styles.track} aria-hidden="true" />
          Track inventory
        </label>
        <p id={hintId} className={adminStyles.muted}>
          {value.trackInventory
            ? `Each combination sells down to 0; 'Only N left' from ${lowStockThreshold} down.`
            : 'Not tracked: unlimited. Quantities are kept and count once tracking is on.'}
        </p>
      </div>
      {tooMany && <p className={adminStyles.muted}>Over 1,000 combinations: only those with a stored quantity are listed.</p>}
      <DataTable caption="Stock per combination" columns={columns} rows={rows} rowKey={(r) => r.key} empty="No combinations: add an option to each variant." />
      {rows.length > 0 && (
        <p className={styles.total}>
          Total <span data-testid="stock-total">{total.toLocaleString('en-US')}</span>
        </p>
      )}
      {invalid && <p className={adminStyles.error} role="alert">Quantity of {invalid.label} must be {quantityRule}.</p>}
      {footer}
    </form>
  );
}
