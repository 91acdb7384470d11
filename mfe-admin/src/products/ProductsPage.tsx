import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  assetUrl,
  Button,
  call,
  DataTable,
  formatMoney,
  inputClass,
  notify,
  notifyPromise,
  priceIn,
  refusalMessage,
  urlOf,
  useLoad,
  useSearchParams,
  useSelectedCurrency,
  type Column,
  type Product,
  type ProductBulkAction,
  type ProductStatusFilter,
  type AdminProductSort,
  type StockFilter as StockLevelFilter,
} from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { usePagedSearch } from '../common/usePagedSearch';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { AddProductModal } from './AddProductModal';
import { EditProductModal } from './EditProductModal';
import { ImportProductsModal } from './ImportProductsModal';
import { StatusBadge } from './ProductStatus';
import { StockLedgerModal } from './StockLedgerModal';
import listStyles from './ProductsPage.module.css';
import stockStyles from './Stock.module.css';
import { DEFAULT_LOW_STOCK_THRESHOLD, OUT_OF_STOCK } from '@shop/shared/src/contract';

export const PRODUCTS_PAGE_SIZE = 12;

/** POST /product/filter's stock filter (issue 17; the contract's), or '' for every product. */
export type StockFilter = '' | StockLevelFilter;
const STOCK_FILTERS: Array<{ value: StockFilter; label: string }> = [
  { value: '', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low' },
  { value: 'out', label: 'Out of stock' },
];
/** Which products the list holds (issue 19): the admin's list asks for drafts too. */
const STATUS_FILTERS: Array<{ value: ProductStatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
];
/** The list's orders, all sorted by the server (the list is paged there). */
export type ProductSort = '' | AdminProductSort;
const SORTS: Array<{ value: ProductSort; label: string }> = [
  { value: '', label: 'Newest first' },
  { value: 'title', label: 'Name, A to Z' },
  { value: '-title', label: 'Name, Z to A' },
  { value: 'basePrice', label: 'Price, lowest first' },
  { value: '-basePrice', label: 'Price, highest first' },
  { value: 'stock', label: 'Stock, lowest first' },
  { value: '-stock', label: 'Stock, highest first' },
];

/** A filter's value from the address: one of its choices, else its default. */
const choiceOf = <V extends string>(value: string | null, choices: Array<{ value: V }>, fallback: V): V => choices.find((c) => c.value === value)?.value ?? fallback;

/** The pieces of a tracked product in all, or null when it does not track its inventory. */
export const stockTotal = (p: Product) => (p.trackInventory ? (p.stock ?? []).reduce((sum, s) => sum + s.quantity, 0) : null);

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
      <span className={stockStyles.count} data-testid={`stock-${product._id}`}>{(stockTotal(product) ?? 0).toLocaleString('en-US')}</span>
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

/** A column header that sorts the list by its field: ascending first, then descending. */
function SortHeader({ label, field, sortBy, onSort }: { label: string; field: 'title' | 'basePrice' | 'stock'; sortBy: ProductSort; onSort: (s: ProductSort) => void }) {
  const up = sortBy === field;
  const down = sortBy === `-${field}`;
  return (
    <button type="button" className={listStyles.sort} onClick={() => onSort(up ? (`-${field}` as ProductSort) : field)} aria-label={`Sort by ${label}${up ? ', descending' : ''}`}>
      {label}
      <span aria-hidden="true" className={listStyles.arrow}>{up ? '▲' : down ? '▼' : '↕'}</span>
    </button>
  );
}
const sortState = (sortBy: ProductSort, field: string) => (sortBy === field ? 'ascending' : sortBy === `-${field}` ? 'descending' : 'none');

/** A checkbox that can be half-checked (some of the page's rows selected). */
function SelectAll({ checked, indeterminate, onChange, label, id }: { checked: boolean; indeterminate: boolean; onChange: (checked: boolean) => void; label?: string; id?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} id={id} type="checkbox" className={listStyles.box} checked={checked} onChange={(e) => onChange(e.target.checked)} aria-label={label} />;
}

const BULK_DONE: Record<ProductBulkAction, string> = {
  delete: 'deleted',
  publish: 'published',
  unpublish: 'unpublished',
  addDiscount: 'given the discount',
  removeDiscount: 'taken off the discount',
};
const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/**
 * /products: Add Product, Import CSV, 'Search products…', status, stock filter and sort, the table paged
 * by 12 (SPEC §2, issues 17 and 19): photo, name, status, base price, stock, each sortable by the
 * server; Edit, Publish or Unpublish, Delete and Stock history per row; rows selected (a header box for
 * the page) take one bulk action in one call.
 */
export default function ProductsPage() {
  const currency = useSelectedCurrency();
  // Issue 38 (18): the filters live in the address like the orders' (/products?status=draft&stock=low&sort=-basePrice&keyword=ring&page=2):
  // a link, a reload or Back shows the same list. The product being edited is there too (/products?edit=<id>: the dashboard's low-stock lines link to it).
  const [params, setParams] = useSearchParams();
  const stock = choiceOf(params.get('stock'), STOCK_FILTERS, '');
  const status = choiceOf(params.get('status'), STATUS_FILTERS, 'all');
  const sortBy = choiceOf(params.get('sort'), SORTS, '');
  /** One filter changed: from the first page, the others kept. */
  const setFilter = useCallback(
    (name: 'stock' | 'status' | 'sort', value: string, fallback: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const { keyword, setKeyword, page, setPage, data, loading, reload, replace } = usePagedSearch<Product>({
    endpoint: 'searchProducts',
    limit: PRODUCTS_PAGE_SIZE,
    errorMessage: 'Failed to Fetch Product',
    inUrl: true,
    // withStock: every row carries its live quantities; status: drafts too (admins only). Neither is cached by the server.
    body: { selectedCurr: currency?._id, withStock: true, stock: stock || undefined, sortBy: sortBy || undefined, status },
  });
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const editing = params.get('edit');
  const setEditing = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('edit', id);
          else next.delete('edit');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [history, setHistory] = useState<Product | null>(null);
  const { ask, dialog } = useConfirm();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [discountId, setDiscountId] = useState('');
  const [working, setWorking] = useState(false);
  // What a bulk action takes is what is selected on the page shown (a row of another page, or gone, is not).
  const onPage = data.items.filter((p) => selected.has(p._id));
  // The discounts to add or take off, read once rows are selected.
  const discounts = useLoad(onPage.length > 0 && urlOf('discounts'), () => call('discounts').then(({ data }) => data)).data ?? [];
  const discountSelect = useId();
  const pageSelect = useId();

  const sort = (s: ProductSort) => setFilter('sort', s, '');

  const remove = (product: Product) =>
    ask('Delete product', `Delete ${product.title}? It disappears from the shop.`, async () => {
      await notifyPromise(call('deleteProduct', { params: { id: product._id } }), {
        pending: 'Deleting Product...',
        success: 'Product Deleted Successfully!',
        error: 'Failed to Delete Product',
      });
      await reload();
    });

  /** One bulk action on these products (POST /product/bulk): one call, one transaction, a toast with the count. */
  const bulk = async (action: ProductBulkAction, ids: string[], extra: { discountId?: string } = {}) => {
    setWorking(true);
    try {
      const { data: answer } = await call('bulkProducts', { body: { ids, action, ...extra } });
      notify.success(`${plural(answer.count)} ${BULK_DONE[action]}`);
      setSelected(new Set());
      await reload();
    } catch (e) {
      notify.error(refusalMessage(e, 'Failed to Update Products'));
    } finally {
      setWorking(false);
    }
  };
  const bulkDelete = () => {
    const ids = onPage.map((p) => p._id);
    ask('Delete products', `Delete ${plural(ids.length)}? They disappear from the shop.`, () => bulk('delete', ids));
  };
  /**
   * Issue 38 (18): a draft's page as shoppers would see it, through a signed link the server makes (it
   * works for a day, for this product only; the draft stays hidden from everyone else). The tab is
   * opened at the click (a window opened after the call would be blocked), then sent to the link.
   */
  const previewDraft = async (p: Product) => {
    const tab = window.open('', '_blank');
    try {
      const { data } = await call('productPreviewLink', { params: { id: p._id } });
      if (tab) {
        tab.opener = null;
        tab.location.href = data.url;
      } else {
        window.location.assign(data.url);
      }
    } catch (e) {
      tab?.close();
      notify.error(refusalMessage(e, 'Failed to make a preview link'));
    }
  };
  const togglePublished = (p: Product) => bulk(p.published === false ? 'publish' : 'unpublish', [p._id]);

  const pageBox = {
    checked: onPage.length > 0 && onPage.length === data.items.length,
    indeterminate: onPage.length > 0 && onPage.length < data.items.length,
    onChange: (on: boolean) => setSelected(new Set(on ? data.items.map((p) => p._id) : [])),
  };
  const columns: Column<Product>[] = [
    {
      header: 'Select',
      head: <SelectAll label="Select all products on this page" {...pageBox} />,
      cell: (p) => (
        <input
          type="checkbox"
          className={listStyles.box}
          checked={selected.has(p._id)}
          onChange={(e) =>
            setSelected((s) => {
              const next = new Set(s);
              if (e.target.checked) next.add(p._id);
              else next.delete(p._id);
              return next;
            })
          }
          aria-label={`Select ${p.title}`}
        />
      ),
    },
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    {
      header: 'Photo',
      cell: (p) => (p.imageUrls[0] ? <img className={styles.thumb} src={assetUrl(p.imageUrls[0], 160)} alt="" width={48} height={62} loading="lazy" /> : <span className={styles.thumb} />),
    },
    { header: 'Product Name', head: <SortHeader label="Product Name" field="title" sortBy={sortBy} onSort={sort} />, sort: sortState(sortBy, 'title'), cell: (p) => p.title },
    { header: 'Status', cell: (p) => <StatusBadge product={p} /> },
    {
      header: 'Base Price',
      head: <SortHeader label="Base Price" field="basePrice" sortBy={sortBy} onSort={sort} />,
      sort: sortState(sortBy, 'basePrice'),
      cell: (p) => {
        const amount = currency ? priceIn(p.basePrice, currency._id) : undefined;
        return amount === undefined || !currency ? 'Not Available' : formatMoney(amount, currency.symbol);
      },
    },
    { header: 'Stock', head: <SortHeader label="Stock" field="stock" sortBy={sortBy} onSort={sort} />, sort: sortState(sortBy, 'stock'), cell: (p) => <StockCell product={p} /> },
    {
      // One column, as every other admin list has: four columns of buttons pushed the last past 1280 px.
      header: 'Action',
      cell: (p) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setEditing(p._id)} aria-label={`Edit ${p.title}`}>Edit</Button>
          {p.published === false && (
            <Button size="small" variant="secondary" onClick={() => void previewDraft(p)} aria-label={`Preview ${p.title}`}>Preview</Button>
          )}
          <Button size="small" variant={p.published === false ? 'primary' : 'secondary'} onClick={() => void togglePublished(p)} disabled={working} aria-label={`${p.published === false ? 'Publish' : 'Unpublish'} ${p.title}`}>
            {p.published === false ? 'Publish' : 'Unpublish'}
          </Button>
          <Button size="small" variant="secondary" onClick={() => setHistory(p)} aria-label={`Stock history of ${p.title}`}>History</Button>
          <Button size="small" variant="danger" onClick={() => remove(p)} aria-label={`Delete ${p.title}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const closeAdd = useCallback(() => setAdding(false), []);
  const closeImport = useCallback(() => setImporting(false), []);
  const closeEdit = useCallback(() => setEditing(null), [setEditing]);
  const closeHistory = useCallback(() => setHistory(null), []);
  const ids = onPage.map((p) => p._id);

  return (
    <AdminLayout
      title="Products"
      actions={
        <div className={listStyles.actions}>
          <Button variant="secondary" onClick={() => setImporting(true)}>Import CSV</Button>
          <Button onClick={() => setAdding(true)}>Add Product</Button>
        </div>
      }
    >
      <div className={listStyles.list}>
        <div className={listStyles.toolbar}>
          <div className={listStyles.search}>
            <input type="search" className={inputClass} placeholder="Search products…" aria-label="Search products…" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          </div>
          <Choice label="Status" value={status} choices={STATUS_FILTERS} onChange={(v) => setFilter('status', v, 'all')} />
          <Choice label="Stock" value={stock} choices={STOCK_FILTERS} onChange={(v) => setFilter('stock', v, '')} />
          <Choice label="Sort by" value={sortBy} choices={SORTS} onChange={sort} />
        </div>
        {data.items.length > 0 && (
          <div className={listStyles.pageSelect}>
            <SelectAll id={pageSelect} {...pageBox} />
            <label htmlFor={pageSelect}>Select all on this page</label>
          </div>
        )}
        {ids.length > 0 && (
          <section className={listStyles.bulk} aria-label="Bulk actions">
            <strong className={listStyles.count} aria-live="polite">{plural(ids.length)} selected</strong>
            <Button size="small" variant="secondary" disabled={working} onClick={() => void bulk('publish', ids)}>Publish</Button>
            <Button size="small" variant="secondary" disabled={working} onClick={() => void bulk('unpublish', ids)}>Unpublish</Button>
            <span className={listStyles.discount}>
              <label htmlFor={discountSelect} className="visually-hidden">Discount</label>
              <select id={discountSelect} className={styles.select} value={discountId} onChange={(e) => setDiscountId(e.target.value)}>
                <option value="">Choose a discount…</option>
                {discounts.map((d) => <option key={d._id} value={d._id}>{d.title}</option>)}
              </select>
              <Button size="small" variant="secondary" disabled={working || !discountId} onClick={() => void bulk('addDiscount', ids, { discountId })}>Add discount</Button>
              <Button size="small" variant="secondary" disabled={working || !discountId} onClick={() => void bulk('removeDiscount', ids, { discountId })}>Remove discount</Button>
            </span>
            <Button size="small" variant="danger" disabled={working} onClick={bulkDelete}>Delete</Button>
          </section>
        )}
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
      </div>
      <AddProductModal
        open={adding}
        onClose={closeAdd}
        onAdded={() => {
          if (page === 1) void reload();
          else setPage(1);
        }}
      />
      <ImportProductsModal
        open={importing}
        onClose={closeImport}
        onImported={() => {
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
