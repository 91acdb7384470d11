import { useState } from 'react';
import { assetUrl, call, urlOf, Button, Modal, notify, notifyPromise, refusalMessage, Spinner, useLoad, type Product } from '@shop/shared';
import { useAdminCurrencies } from '../common/useAdminCurrencies';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { DetailsTab } from './tabs/DetailsTab';
import { DiscountsTab, FilterOptionsTab } from './tabs/ChoiceTabs';
import { ImagesTab } from './tabs/ImagesTab';
import { VariantsTab, type VariantActions } from './tabs/VariantsTab';
import { ProductTabsShell } from './ProductTabsShell';
import { StatusBadge } from './ProductStatus';
import { StockGrid, stockBody, stockDraftOf, stockRows, type StockDraft } from './StockGrid';
import { detailsBody, detailsOf, EDIT_PRODUCT_TABS, optionBody, variantsOf, type DetailsDraft, type ProductTab } from './productDraft';
import { TranslationsTab, type TranslationChanges } from './tabs/TranslationsTab';
import styles from './ProductModal.module.css';
import { IN_ENGLISH } from '../common/inEnglish';

export interface EditProductModalProps {
  productId: string | null;
  onClose: () => void;
  onUpdated: (product: Product) => void;
}

type Messages = { pending: string; success: string; error: string | ((error: unknown) => string) };
const triple = (what: string, verb: 'Add' | 'Update' | 'Delete' | 'Upload'): Messages => {
  const ing = { Add: 'Adding', Update: 'Updating', Delete: 'Deleting', Upload: 'Uploading' }[verb];
  const ed = { Add: 'Added', Update: 'Updated', Delete: 'Deleted', Upload: 'Uploaded' }[verb];
  // SPEC's error text, with the server's reason after it when it refused (issue 19).
  return { pending: `${ing} ${what}...`, success: `${what} ${ed} Successfully!`, error: failedTo(`Failed to ${verb} ${what}.`) };
};

/** What the form edits before a save: each section is saved by its own call. */
type Section = 'details' | 'filterOptions' | 'discounts' | 'stock';
const SECTION_NAMES: Record<Section, string> = { details: 'details', filterOptions: 'filter options', discounts: 'Discounts', stock: 'stock' };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const discountIdsOf = (p: Product) => (p.discounts ?? []).map((d) => (typeof d === 'string' ? d : d._id));

/** A moved copy of a list: the item at `from` put at `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Edit product: the same five tabs, each saved through its own call of SPEC §7 with its own toasts. */
export function EditProductModal({ productId, onClose, onUpdated }: EditProductModalProps) {
  const currencies = useAdminCurrencies();
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

  /**
   * The form's drafts start from the product the server answered. After a save (issue 19) only the saved
   * section takes the answer: another section's unsaved edits (differing from what it showed of the
   * product before) are kept, not silently replaced.
   */
  const draftsOf = (p: Product, before?: Product, saved?: Section) => {
    const keep = <T,>(section: Section, current: T | null, shown: T | undefined, fresh: T): T =>
      before && section !== saved && current !== null && !same(current, shown) ? current : fresh;
    setDetails((d) => keep('details', d, before && detailsOf(before), detailsOf(p)));
    setFilterOptions((f) => keep('filterOptions', f, before?.filterOptions ?? [], p.filterOptions ?? []));
    setDiscounts((d) => keep('discounts', d, before && discountIdsOf(before), discountIdsOf(p)));
    // Answers without quantities (a variant's, the details') leave the quantities being typed alone.
    setStock((s) => (p.stock ? keep('stock', s, before && stockDraftOf(before), stockDraftOf(p)) : (s ?? stockDraftOf(p))));
  };
  const loaded = useLoad(productId && urlOf('product', { params: { id: productId }, query: IN_ENGLISH }), () => call('product', { params: { id: productId! }, query: IN_ENGLISH }).then(({ data }) => data as Product), {
    onSuccess: (p) => draftsOf(p),
    onError: () => {
      notify.error('Failed to Fetch Product');
      onClose();
    },
  });
  const product = loaded.data;
  const { ask, dialog: confirmDialog } = useConfirm();
  /** Publish or Unpublish (issue 19): one call, the product's other edits untouched. */
  const togglePublished = async () => {
    if (!product) return;
    const published = product.published === false;
    setBusy(true);
    try {
      await call('bulkProducts', { body: { ids: [product._id], action: published ? 'publish' : 'unpublish' } });
      notify.success(published ? 'Product Published Successfully!' : 'Product Unpublished Successfully!');
      loaded.setData((old) => old && { ...old, published });
      onUpdated({ ...product, published });
    } catch (e) {
      notify.error(refusalMessage(e, published ? 'Failed to Publish Product' : 'Failed to Unpublish Product'));
    } finally {
      setBusy(false);
    }
  };
  const take = (p: Product, saved?: Section) => {
    // An answer without quantities keeps the last ones (and the threshold) the grid was built from.
    loaded.setData((old) => (!old ? p : { ...p, stock: p.stock ?? old.stock, lowStockThreshold: p.lowStockThreshold ?? old.lowStockThreshold }));
    draftsOf(p, product ?? undefined, saved);
  };

  /** One call with its toasts; the answered product replaces the form and the row. Rejects on failure. */
  const save = async (call: () => Promise<{ data: Product }>, messages: Messages, section?: Section) => {
    setBusy(true);
    try {
      const { data } = await notifyPromise(call(), messages);
      take(data, section);
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
    addVariant: (type, options) => save(() => call('addVariant', { params: { productId: id }, body: { type, options: options.map((o) => optionBody(currencies, { ...o, _id: '' })) } }), triple('Variant', 'Add')),
    renameVariant: (v, type) => save(() => call('renameVariant', { params: { productId: id, variantId: v._id }, body: { type } }), triple('Variant', 'Update')),
    deleteVariant: async (v) =>
      ask('Delete variant', `Delete the variant ${v.type} and its ${v.options.length === 1 ? 'option' : `${v.options.length} options`}?`, () =>
        quietly(save(() => call('deleteVariant', { params: { productId: id, variantId: v._id } }), triple('Variant', 'Delete'))),
      ),
    addOption: (v, o) => save(() => call('addVariantOption', { params: { variantId: v._id }, body: optionBody(currencies, { ...o, _id: '' }) }), triple('Variant Option', 'Add')),
    updateOption: (_, o) => save(() => call('updateVariantOption', { params: { optionId: o._id }, body: optionBody(currencies, o) }), triple('Variant Option', 'Update')),
    deleteOption: async (v, o) =>
      ask('Delete option', `Delete the option ${o.name} of ${v.type}?`, () => quietly(save(() => call('deleteVariantOption', { params: { optionId: o._id } }), triple('Variant Option', 'Delete')))),
    setOptionPhotos: (_, o, imageUrls) => save(() => call('updateVariantOption', { params: { optionId: o._id }, body: { imageUrls } }), triple('Option Photos', 'Update')),
  };

  const saveDetails = () => {
    if (!details.title.trim()) {
      setTitleError('Please enter a valid title');
      notify.error('Please enter a valid title');
      return;
    }
    setTitleError(undefined);
    void quietly(save(() => call('updateProduct', { params: { productId: id }, body: detailsBody(currencies, details) }), triple('Product Details', 'Update'), 'details'));
  };
  const uploadImages = (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    void quietly(save(() => call('addProductImages', { params: { productId: id }, body: form }), triple('Images', 'Upload')));
  };
  const deleteImage = (index: number) => {
    if (product.imageUrls.length <= 1) {
      notify.error('Please upload atleast one image');
      return;
    }
    ask('Delete image', `Delete image ${index + 1}${index === 0 ? ' (the main photo)' : ''}?`, () =>
      quietly(save(() => call('deleteProductImage', { params: { productId: id, index } }), triple('Image', 'Delete'))),
    );
  };
  /** Issue 19: the images in a new order; the first is the main photo. */
  const moveImage = (from: number, to: number) => {
    if (to < 0 || to >= product.imageUrls.length || from === to) return;
    const images = moved(product.imageUrls, from, to);
    void quietly(save(() => call('reorderProductImages', { params: { productId: id }, body: { images } }), triple('Image Order', 'Update')));
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
    void quietly(save(() => call('setProductStock', { params: { productId: id }, body: answer.body }), messages, 'stock'));
  };

  /** Issue 37: each record whose translations changed, saved by its own call (the product's, a variant's, an option's). */
  const saveTranslations = async (c: TranslationChanges) => {
    const calls = [
      ...(c.product ? [() => call('updateProduct', { params: { productId: id }, body: { translations: c.product } })] : []),
      ...c.variants.map((v) => () => call('renameVariant', { params: { productId: id, variantId: v.id }, body: { translations: v.translations } })),
      ...c.options.map((o) => () => call('updateVariantOption', { params: { optionId: o.id }, body: { translations: o.translations } })),
    ];
    if (!calls.length) {
      notify.info('No translation changed');
      return;
    }
    for (const call of calls) await quietly(save(call, triple('Translations', 'Update')));
  };

  // Sections whose edits are not saved yet: named above the tabs, and closing asks first.
  const unsaved = (Object.keys(SECTION_NAMES) as Section[]).filter(
    (section) =>
      !{
        details: () => same(details, detailsOf(product)),
        filterOptions: () => same(filterOptions, product.filterOptions ?? []),
        discounts: () => same(discounts, discountIdsOf(product)),
        stock: () => same(stockDraft, stockDraftOf(product)),
      }[section](),
  );

  const saveButton = (label: string, onClick?: () => void) => (
    <div className={styles.bottom}>
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={busy}>{label}</Button>
    </div>
  );

  return (
    <Modal open title={`Edit ${product.title}`} onClose={onClose} wide dirty={unsaved.length > 0}>
      <p className={styles.unsaved} role="status">{unsaved.length > 0 && `Unsaved changes: ${unsaved.map((s) => SECTION_NAMES[s]).join(', ')}`}</p>
      <div className={styles.publishing}>
        <StatusBadge product={product} />
        <Button size="small" variant={product.published === false ? 'primary' : 'secondary'} onClick={() => void togglePublished()} disabled={busy}>
          {product.published === false ? 'Publish' : 'Unpublish'}
        </Button>
      </div>
      <ProductTabsShell active={tab} onChange={setTab} tabs={EDIT_PRODUCT_TABS}>
        {tab === 'details' && (
          <DetailsTab
            value={details}
            onChange={(d) => {
              setDetails(d);
              // The message goes as soon as the title is a valid one again.
              if (titleError && d.title.trim()) setTitleError(undefined);
            }}
            currencies={currencies}
            titleError={titleError}
            footer={saveButton('Update Details', saveDetails)}
          />
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
              void quietly(save(() => call('setProductFilterOptions', { params: { productId: id }, body: { filterOptionIds: filterOptions } }), triple('Filter Options', 'Update'), 'filterOptions')),
            )}
          />
        )}
        {tab === 'images' && (
          <ImagesTab
            // Keyed by the image (its URL, and which copy of it), so a moved one keeps its element and the focus.
            images={product.imageUrls.map((url, i) => ({ key: `${url}#${product.imageUrls.slice(0, i).filter((u) => u === url).length}`, src: assetUrl(url) }))}
            onAdd={uploadImages}
            onRemove={deleteImage}
            onMove={moveImage}
            busy={busy}
          />
        )}
        {tab === 'translations' && <TranslationsTab product={product} onSave={(c) => void saveTranslations(c)} footer={(onClick) => saveButton('Update Translations', onClick)} />}
        {tab === 'discounts' && (
          <DiscountsTab
            selected={discounts}
            onChange={setDiscounts}
            footer={saveButton('Update Discounts', () => void quietly(save(() => call('updateProduct', { params: { productId: id }, body: { discounts } }), triple('Product Discounts', 'Update'), 'discounts')))}
          />
        )}
      </ProductTabsShell>
      {confirmDialog}
    </Modal>
  );
}
