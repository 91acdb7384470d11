import { useState } from 'react';
import { api, assetUrl, Button, Modal, notify, notifyPromise, refusalMessage, Spinner, useCurrencies, useLoad, type Product } from '@shop/shared';
import { DetailsTab } from './tabs/DetailsTab';
import { DiscountsTab, FilterOptionsTab } from './tabs/ChoiceTabs';
import { ImagesTab } from './tabs/ImagesTab';
import { VariantsTab, type VariantActions } from './tabs/VariantsTab';
import { ProductTabsShell } from './ProductTabsShell';
import { StockGrid, stockBody, stockDraftOf, stockRows, type StockDraft } from './StockGrid';
import { detailsBody, detailsOf, MULTIPART, optionBody, variantsOf, type DetailsDraft, type ProductTab } from './productDraft';
import styles from './ProductModal.module.css';

export interface EditProductModalProps {
  productId: string | null;
  onClose: () => void;
  onUpdated: (product: Product) => void;
}

type Messages = { pending: string; success: string; error: string | ((error: unknown) => string) };
const triple = (what: string, verb: 'Add' | 'Update' | 'Delete' | 'Upload'): Messages => {
  const ing = { Add: 'Adding', Update: 'Updating', Delete: 'Deleting', Upload: 'Uploading' }[verb];
  const ed = { Add: 'Added', Update: 'Updated', Delete: 'Deleted', Upload: 'Uploaded' }[verb];
  return { pending: `${ing} ${what}...`, success: `${what} ${ed} Successfully!`, error: `Failed to ${verb} ${what}.` };
};

/** Edit product: the same five tabs, each saved through its own call of SPEC §7 with its own toasts. */
export function EditProductModal({ productId, onClose, onUpdated }: EditProductModalProps) {
  const currencies = useCurrencies();
  const [tab, setTab] = useState<ProductTab>('details');
  const [details, setDetails] = useState<DetailsDraft | null>(null);
  const [filterOptions, setFilterOptions] = useState<string[]>([]);
  const [discounts, setDiscounts] = useState<string[]>([]);
  const [stock, setStock] = useState<StockDraft | null>(null);
  const [titleError, setTitleError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Another product (or none) shown: back to its details tab, without the last one's title error.
  const [shownId, setShownId] = useState(productId);
  if (shownId !== productId) {
    setShownId(productId);
    setTab('details');
    setTitleError(undefined);
    setStock(null);
  }

  /** The form's drafts start from the product the server answered. */
  const draftsOf = (p: Product) => {
    setDetails(detailsOf(p));
    setFilterOptions(p.filterOptions ?? []);
    setDiscounts((p.discounts ?? []).map((d) => (typeof d === 'string' ? d : d._id)));
    // Answers without quantities (a variant's, the details') leave the quantities being typed alone.
    if (p.stock) setStock(stockDraftOf(p));
    else setStock((s) => s ?? stockDraftOf(p));
  };
  const loaded = useLoad(productId && `/product/${productId}`, (url) => api.get<Product>(url).then(({ data }) => data), {
    onSuccess: draftsOf,
    onError: () => {
      notify.error('Failed to Fetch Product');
      onClose();
    },
  });
  const product = loaded.data;
  const take = (p: Product) => {
    // An answer without quantities keeps the last ones (and the threshold) the grid was built from.
    loaded.setData((old) => (!old ? p : { ...p, stock: p.stock ?? old.stock, lowStockThreshold: p.lowStockThreshold ?? old.lowStockThreshold }));
    draftsOf(p);
  };

  /** One call with its toasts; the answered product replaces the form and the row. Rejects on failure. */
  const save = async (call: () => Promise<{ data: Product }>, messages: Messages) => {
    setBusy(true);
    try {
      const { data } = await notifyPromise(call(), messages);
      take(data);
      onUpdated(data);
    } finally {
      setBusy(false);
    }
  };
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);

  if (!product || !details) {
    return (
      <Modal open={productId !== null} title="Edit Product" onClose={onClose} wide>
        <Spinner />
      </Modal>
    );
  }
  const id = product._id;
  const actions: VariantActions = {
    addVariant: (type, options) => save(() => api.post(`/product/${id}/variants`, { type, options: options.map((o) => optionBody(currencies, { ...o, _id: '' })) }), triple('Variant', 'Add')),
    renameVariant: (v, type) => save(() => api.put(`/product/${id}/variants/${v._id}`, { type }), triple('Variant', 'Update')),
    deleteVariant: (v) => save(() => api.delete(`/product/${id}/variants/${v._id}`), triple('Variant', 'Delete')),
    addOption: (v, o) => save(() => api.post(`/product/variant-option/${v._id}`, optionBody(currencies, { ...o, _id: '' })), triple('Variant Option', 'Add')),
    updateOption: (_, o) => save(() => api.put(`/product/variant-option/${o._id}`, optionBody(currencies, o)), triple('Variant Option', 'Update')),
    deleteOption: (_, o) => save(() => api.delete(`/product/variant-option/${o._id}`), triple('Variant Option', 'Delete')),
    setOptionPhotos: (_, o, imageUrls) => save(() => api.put(`/product/variant-option/${o._id}`, { imageUrls }), triple('Option Photos', 'Update')),
  };

  const saveDetails = () => {
    if (!details.title.trim()) {
      setTitleError('Please enter a valid title');
      notify.error('Please enter a valid title');
      return;
    }
    setTitleError(undefined);
    void quietly(save(() => api.put(`/product/${id}`, detailsBody(currencies, details)), triple('Product Details', 'Update')));
  };
  const uploadImages = (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    void quietly(save(() => api.post(`/product/${id}/images`, form, MULTIPART), triple('Images', 'Upload')));
  };
  const deleteImage = (index: number) => {
    if (product.imageUrls.length <= 1) {
      notify.error('Please upload atleast one image');
      return;
    }
    void quietly(save(() => api.delete(`/product/${id}/images/${index}`), triple('Image', 'Delete')));
  };

  // The grid follows the variants as saved: a new option's combinations appear blank (0).
  const { rows: stockLines, tooMany } = stockRows(product.variants ?? [], product.title, product.stock);
  const stockDraft = stock ?? stockDraftOf(product);
  const saveStock = () => {
    const answer = stockBody(stockLines, stockDraft);
    if ('error' in answer) {
      notify.error(answer.error);
      return;
    }
    const messages = { ...triple('Stock', 'Update'), error: (e: unknown) => refusalMessage(e, 'Failed to Update Stock.') };
    void quietly(save(() => api.put(`/product/${id}/stock`, answer.body), messages));
  };

  const saveButton = (label: string, onClick?: () => void) => (
    <div className={styles.bottom}>
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={busy}>{label}</Button>
    </div>
  );

  return (
    <Modal open title={`Edit ${product.title}`} onClose={onClose} wide>
      <ProductTabsShell active={tab} onChange={setTab}>
        {tab === 'details' && (
          <DetailsTab value={details} onChange={setDetails} currencies={currencies} titleError={titleError} footer={saveButton('Update Details', saveDetails)} />
        )}
        {tab === 'variants' && (
          <VariantsTab currencies={currencies} variants={variantsOf(product)} actions={actions} photos={product.imageUrls.map((url) => ({ url, src: assetUrl(url, 160) }))} />
        )}
        {tab === 'variants' && (
          <StockGrid
            rows={stockLines}
            tooMany={tooMany}
            value={stockDraft}
            onChange={setStock}
            lowStockThreshold={product.lowStockThreshold}
            onSubmit={saveStock}
            footer={saveButton('Update Stock')}
          />
        )}
        {tab === 'filters' && (
          <FilterOptionsTab
            selected={filterOptions}
            onChange={setFilterOptions}
            footer={saveButton('Update Filter Options', () =>
              void quietly(save(() => api.put(`/product/${id}/filterOptions`, { filterOptionIds: filterOptions }), triple('Filter Options', 'Update'))),
            )}
          />
        )}
        {tab === 'images' && (
          <ImagesTab
            images={product.imageUrls.map((url, i) => ({ key: `${i}-${url}`, src: assetUrl(url) }))}
            onAdd={uploadImages}
            onRemove={deleteImage}
            busy={busy}
          />
        )}
        {tab === 'discounts' && (
          <DiscountsTab
            selected={discounts}
            onChange={setDiscounts}
            footer={saveButton('Update Discounts', () => void quietly(save(() => api.put(`/product/${id}`, { discounts }), triple('Product Discounts', 'Update'))))}
          />
        )}
      </ProductTabsShell>
    </Modal>
  );
}
