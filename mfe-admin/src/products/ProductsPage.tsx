import { useCallback, useState } from 'react';
import {
  api, Button, DataTable, formatMoney, inputClass, notifyPromise, priceIn, useSelectedCurrency,
  type Column, type Product,
} from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { usePagedSearch } from '../common/usePagedSearch';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { AddProductModal } from './AddProductModal';
import { EditProductModal } from './EditProductModal';

export const PRODUCTS_PAGE_SIZE = 12;

/** /products: Add Product, 'Search products…', the table paged by 12, Edit and Delete (SPEC §2). */
export default function ProductsPage() {
  const currency = useSelectedCurrency();
  const { keyword, setKeyword, page, setPage, data, loading, reload, replace } = usePagedSearch<Product>({
    path: '/product/filter',
    limit: PRODUCTS_PAGE_SIZE,
    errorMessage: 'Failed to Fetch Product',
    body: { selectedCurr: currency?._id },
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
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
    { header: 'Edit', cell: (p) => <Button size="small" variant="secondary" onClick={() => setEditing(p._id)} aria-label={`Edit ${p.title}`}>Edit</Button> },
    { header: 'Delete', cell: (p) => <Button size="small" variant="danger" onClick={() => remove(p)} aria-label={`Delete ${p.title}`}>Delete</Button> },
  ];
  const closeAdd = useCallback(() => setAdding(false), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  return (
    <AdminLayout title="Products" actions={<Button onClick={() => setAdding(true)}>Add Product</Button>}>
      <div className={styles.search}>
        <input type="search" className={inputClass} placeholder="Search products…" aria-label="Search products…" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      </div>
      <DataTable
        caption="Products"
        columns={columns}
        rows={data.items}
        rowKey={(p) => p._id}
        loading={loading}
        empty="No Products available yet."
        pagination={{ page, limit: PRODUCTS_PAGE_SIZE, itemCount: data.itemCount, onPageChange: setPage }}
      />
      <AddProductModal
        open={adding}
        onClose={closeAdd}
        onAdded={() => {
          if (page === 1) void reload();
          else setPage(1);
        }}
      />
      <EditProductModal productId={editing} onClose={closeEdit} onUpdated={replace} />
      {dialog}
    </AdminLayout>
  );
}
