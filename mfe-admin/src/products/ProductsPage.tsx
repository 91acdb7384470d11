import { useCallback, useId, useState } from 'react';
import {
  api, Button, DataTable, DEFAULT_LOW_STOCK_THRESHOLD, formatMoney, inputClass, notifyPromise, OUT_OF_STOCK, priceIn, useSearchParams, useSelectedCurrency,
  type Column, type Product,
} from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { usePagedSearch } from '../common/usePagedSearch';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { AddProductModal } from './AddProductModal';
import { EditProductModal } from './EditProductModal';
import { StockLedgerModal } from './StockLedgerModal';
import listStyles from './ProductsPage.module.css';
import stockStyles from './Stock.module.css';

export const PRODUCTS_PAGE_SIZE = 12;

/** POST /product/filter's stock filter (issue 17): low = available, some combination at or below the threshold; out = not available. */
export type StockFilter = '' | 'in' | 'low' | 'out';
const STOCK_FILTERS: Array<{ value: StockFilter; label: string }> = [
  { value: '', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low' },
  { value: 'out', label: 'Out of stock' },
];
export type ProductSort = '' | 'stock' | '-stock';
const SORTS: Array<{ value: ProductSort; label: string }> = [
  { value: '', label: 'Newest first' },
  { value: 'stock', label: 'Stock, lowest first' },
  { value: '-stock', label: 'Stock, highest first' },
];

/** The list's Stock cell: the total of a tracked product with 'Out of stock' / 'Low', or '∞' when not tracked. */
export function StockCell({ product }: { product: Product }) {
  const levels = product.stock ?? [];
  const threshold = product.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const badge = !product.available ? (
    <span className={`${stockStyles.badge} ${stockStyles.out}`}>{OUT_OF_STOCK}</span>
  ) : product.trackInventory && levels.some((s) => s.quantity <= threshold) ? (
    <span className={`${stockStyles.badge} ${stockStyles.low}`}>Low</span>
  ) : null;
  if (!product.trackInventory) {
    return (
      <span className={`${stockStyles.level} ${stockStyles.untracked}`}>
        <span aria-hidden="true">∞</span> Not tracked {badge}
      </span>
    );
  }
  return (
    <span className={stockStyles.level}>
      <span className={stockStyles.count} data-testid={`stock-${product._id}`}>{levels.reduce((sum, s) => sum + s.quantity, 0).toLocaleString('en-US')}</span>
      {badge}
    </span>
  );
}

/** A labelled select of the list's toolbar. */
function Choice<V extends string>({ label, value, choices, onChange }: { label: string; value: V; choices: Array<{ value: V; label: string }>; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <div className={listStyles.choice}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
    </div>
  );
}

/** /products: Add Product, 'Search products…', stock filter and sort, the table paged by 12, Edit, Delete and Stock history (SPEC §2, issue 17). */
export default function ProductsPage() {
  const currency = useSelectedCurrency();
  const [stock, setStock] = useState<StockFilter>('');
  const [sortBy, setSortBy] = useState<ProductSort>('');
  const { keyword, setKeyword, page, setPage, data, loading, reload, replace } = usePagedSearch<Product>({
    path: '/product/filter',
    limit: PRODUCTS_PAGE_SIZE,
    errorMessage: 'Failed to Fetch Product',
    // withStock: every row carries its live quantities (the answer is not cached then).
    body: { selectedCurr: currency?._id, withStock: true, stock: stock || undefined, sortBy: sortBy || undefined },
  });
  const [adding, setAdding] = useState(false);
  // The product being edited is in the address (/products?edit=<id>), so the dashboard's low-stock lines link to its edit.
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const setEditing = useCallback((id: string | null) => setParams(id ? { edit: id } : {}, { replace: true }), [setParams]);
  const [history, setHistory] = useState<Product | null>(null);
  const { ask, dialog } = useConfirm();

  const remove = (product: Product) =>
    ask('Delete product', `Delete ${product.title}? It disappears from the shop.`, async () => {
      await notifyPromise(api.delete(`/product/${product._id}`), {
        pending: 'Deleting Product...',
        success: 'Product Deleted Successfully!',
        error: 'Failed to Delete Product',
      });
      await reload();
    });

  const columns: Column<Product>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Product Name', cell: (p) => p.title },
    {
      header: 'Base Price',
      cell: (p) => {
        const amount = currency ? priceIn(p.basePrice, currency._id) : undefined;
        return amount === undefined || !currency ? 'Not Available' : formatMoney(amount, currency.symbol);
      },
    },
    { header: 'Stock', cell: (p) => <StockCell product={p} /> },
    { header: 'Edit', cell: (p) => <Button size="small" variant="secondary" onClick={() => setEditing(p._id)} aria-label={`Edit ${p.title}`}>Edit</Button> },
    { header: 'Delete', cell: (p) => <Button size="small" variant="danger" onClick={() => remove(p)} aria-label={`Delete ${p.title}`}>Delete</Button> },
    {
      header: 'History',
      cell: (p) => <Button size="small" variant="secondary" onClick={() => setHistory(p)} aria-label={`Stock history of ${p.title}`}>Stock history</Button>,
    },
  ];
  const closeAdd = useCallback(() => setAdding(false), []);
  const closeEdit = useCallback(() => setEditing(null), [setEditing]);
  const closeHistory = useCallback(() => setHistory(null), []);

  return (
    <AdminLayout title="Products" actions={<Button onClick={() => setAdding(true)}>Add Product</Button>}>
      <div className={listStyles.toolbar}>
        <div className={listStyles.search}>
          <input type="search" className={inputClass} placeholder="Search products…" aria-label="Search products…" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        </div>
        <Choice label="Stock" value={stock} choices={STOCK_FILTERS} onChange={(v) => { setStock(v); setPage(1); }} />
        <Choice label="Sort by" value={sortBy} choices={SORTS} onChange={(v) => { setSortBy(v); setPage(1); }} />
      </div>
      <div className={listStyles.products}>
        <DataTable
          caption="Products"
          columns={columns}
          rows={data.items}
          rowKey={(p) => p._id}
          loading={loading}
          empty="No Products available yet."
          pagination={{ page, limit: PRODUCTS_PAGE_SIZE, itemCount: data.itemCount, onPageChange: setPage }}
        />
      </div>
      <AddProductModal
        open={adding}
        onClose={closeAdd}
        onAdded={() => {
          if (page === 1) void reload();
          else setPage(1);
        }}
      />
      <EditProductModal productId={editing} onClose={closeEdit} onUpdated={replace} />
      <StockLedgerModal product={history} onClose={closeHistory} />
      {dialog}
    </AdminLayout>
  );
}
