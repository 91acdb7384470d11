import { useEffect, useMemo, useState } from 'react';
import { Button, call, Modal, notify, notifyPromise, refusalMessage, type Product, type SetStockBody } from '@shop/shared';
import { useAdminCurrencies } from '../common/useAdminCurrencies';
import { DetailsTab } from './tabs/DetailsTab';
import { DiscountsTab, FilterOptionsTab } from './tabs/ChoiceTabs';
import { ImagesTab } from './tabs/ImagesTab';
import { VariantsTab, type VariantActions } from './tabs/VariantsTab';
import { ProductTabsShell } from './ProductTabsShell';
import { emptyStock, StockGrid, stockBody, stockRows, type StockDraft } from './StockGrid';
import { emptyDetails, newLocalId, PRODUCT_TABS, productFormData, type DetailsDraft, type ProductTab, type VariantDraft } from './productDraft';
import { useExchangeRates } from './useExchangeRates';
import styles from './ProductModal.module.css';
import { useSaving } from '../common/useSaving';

export interface AddProductModalProps {
  open: boolean;
  onClose: () => void;
  onAdded: (product: Product) => void;
}

/** Add Product: five tabs kept locally, published on the last tab as one multipart POST /product. */
export function AddProductModal({ open, onClose, onAdded }: AddProductModalProps) {
  const currencies = useAdminCurrencies();
  const rates = useExchangeRates(currencies[0]?.code, open && currencies.length > 1);
  const [tab, setTab] = useState<ProductTab>('details');
  const [details, setDetails] = useState<DetailsDraft>(emptyDetails);
  const [variants, setVariants] = useState<VariantDraft[]>([]);
  const [filterOptions, setFilterOptions] = useState<string[]>([]);
  const [discounts, setDiscounts] = useState<string[]>([]);
  const [images, setImages] = useState<File[]>([]);
  const [stock, setStock] = useState<StockDraft>(emptyStock);
  const [errors, setErrors] = useState<{ title?: string; images?: string }>({});
  const [saving, save] = useSaving();
  const [stocking, setStocking] = useState(false);
  const busy = saving || stocking;

  // Issue 19: the form is kept until the product is added or the admin discards it (closing with
  // input asks first), not emptied each time the modal opens.
  const reset = () => {
    setTab('details');
    setDetails(emptyDetails);
    setVariants([]);
    setFilterOptions([]);
    setDiscounts([]);
    setImages([]);
    setStock(emptyStock);
    setErrors({});
  };
  const unsaved =
    details.title.trim() !== '' || details.description.trim() !== '' || Object.values(details.basePrice).some((v) => String(v ?? '').trim() !== '') ||
    details.tags.length + details.features.length + variants.length + filterOptions.length + discounts.length + images.length > 0 ||
    Object.values(stock.quantities).some((q) => q.trim() !== '');
  const discard = () => {
    reset();
    onClose();
  };

  const previews = useMemo(() => images.map((file, i) => ({ key: `${i}-${file.name}`, src: URL.createObjectURL(file) })), [images]);
  useEffect(
    () => () => {
      for (const p of previews) URL.revokeObjectURL(p.src);
    },
    [previews],
  );

  const mapVariant = (id: string, fn: (v: VariantDraft) => VariantDraft) => setVariants((list) => list.map((v) => (v._id === id ? fn(v) : v)));
  // Local edits: each settles at once (the edit modal's answer after its API call).
  const actions: VariantActions = {
    addVariant: async (type, options) => setVariants((list) => [...list, { _id: newLocalId(), type, options: options.map((o) => ({ ...o, _id: newLocalId() })) }]),
    renameVariant: async (variant, type) => mapVariant(variant._id, (v) => ({ ...v, type })),
    deleteVariant: async (variant) => setVariants((list) => list.filter((v) => v._id !== variant._id)),
    addOption: async (variant, option) => mapVariant(variant._id, (v) => ({ ...v, options: [...v.options, { ...option, _id: newLocalId() }] })),
    updateOption: async (variant, option) => mapVariant(variant._id, (v) => ({ ...v, options: v.options.map((o) => (o._id === option._id ? option : o)) })),
    deleteOption: async (variant, option) => mapVariant(variant._id, (v) => ({ ...v, options: v.options.filter((o) => o._id !== option._id) })),
  };

  const { rows: stockLines, tooMany } = stockRows(variants, details.title);

  /** Publish (SPEC), or save as a draft (issue 19): the same checks and form, with published=false; the shop sees a draft only once it is published. */
  const publish = async (asDraft = false) => {
    // SPEC §5: a title and at least one image.
    if (!details.title.trim()) {
      setErrors({ title: 'Please enter a valid title' });
      notify.error('Please enter a valid title');
      setTab('details');
      return;
    }
    if (images.length === 0) {
      setErrors({ images: 'Please upload atleast one image' });
      notify.error('Please upload atleast one image');
      setTab('images');
      return;
    }
    const stockAnswer = stockBody(stockLines, stock);
    if ('error' in stockAnswer) {
      notify.error(stockAnswer.error);
      setTab('variants');
      return;
    }
    setErrors({});
    const body = productFormData(currencies, { details, variants, filterOptions, discounts, images });
    if (asDraft) body.append('published', 'false');
    const response = await save(
      call('createProduct', { body }),
      asDraft
        ? { pending: 'Saving Draft...', success: 'Draft Saved Successfully!', error: 'Failed to Add Product' }
        : { pending: 'Adding Product...', success: 'Product Added Successfully!', error: 'Failed to Add Product' },
    );
    if (response?.status === 201) {
      const stockBodyOf = stockFor(response.data, variants, stockAnswer.body);
      // The stock is set on the product the server made (its option ids), after it exists.
      setStocking(true);
      const withStock = stockBodyOf
        ? await notifyPromise(call('setProductStock', { params: { productId: response.data._id }, body: stockBodyOf }), {
            pending: 'Updating Stock...',
            success: 'Stock Updated Successfully!',
            error: (e) => `Product added, but its stock was not saved: ${refusalMessage(e, 'Failed to Update Stock.')}`,
          }).catch(() => null)
        : null;
      setStocking(false);
      onAdded(withStock?.data ?? response.data);
      reset();
      onClose();
    }
  };

  const last = tab === PRODUCT_TABS[PRODUCT_TABS.length - 1].key;
  return (
    <Modal open={open} title="Add Product" onClose={discard} wide dirty={unsaved && !busy}>
      <ProductTabsShell active={tab} onChange={setTab}>
        {tab === 'details' && (
          <DetailsTab
            value={details}
            onChange={(d) => {
              setDetails(d);
              // The message goes as soon as the title is a valid one (issue 19).
              if (errors.title && d.title.trim()) setErrors((e) => ({ ...e, title: undefined }));
            }}
            currencies={currencies}
            rates={rates}
            titleError={errors.title}
          />
        )}
        {tab === 'variants' && <VariantsTab currencies={currencies} variants={variants} actions={actions} />}
        {tab === 'variants' && <StockGrid rows={stockLines} tooMany={tooMany} value={stock} onChange={setStock} />}
        {tab === 'filters' && <FilterOptionsTab selected={filterOptions} onChange={setFilterOptions} />}
        {tab === 'images' && (
          <ImagesTab
            images={previews}
            error={errors.images}
            onAdd={(files) => {
              setImages((list) => [...list, ...files]);
              setErrors((e) => ({ ...e, images: undefined }));
            }}
            onRemove={(index) => setImages((list) => list.filter((_, i) => i !== index))}
          />
        )}
        {tab === 'discounts' && <DiscountsTab selected={discounts} onChange={setDiscounts} />}
      </ProductTabsShell>
      <div className={styles.bottom}>
        {/* A draft can be saved from any tab (issue 19); Publish stays the last tab's (SPEC). */}
        <Button variant="secondary" onClick={() => void publish(true)} disabled={busy}>Save as draft</Button>
        {last ? (
          <Button onClick={() => void publish()} disabled={busy}>Publish</Button>
        ) : (
          <Button variant="secondary" onClick={() => setTab(PRODUCT_TABS[PRODUCT_TABS.findIndex((t) => t.key === tab) + 1].key)}>Next</Button>
        )}
      </div>
    </Modal>
  );
}

/**
 * The stock typed in the form, on the created product: its variants and options come back in the
 * order they were sent, so each local option id maps to the server's by position. Nothing to send
 * when the admin left the defaults (not tracked, no quantity).
 */
export function stockFor(created: Product, drafts: VariantDraft[], body: SetStockBody): SetStockBody | null {
  if (!body.trackInventory && body.stock.every((s) => s.quantity === 0)) return null;
  const ids = new Map<string, string>();
  drafts.forEach((v, i) => {
    v.options.forEach((o, j) => {
      const real = created.variants?.[i]?.options?.[j]?._id;
      if (real) ids.set(o._id, real);
    });
  });
  const stock = body.stock.filter((s) => s.options.every((o) => ids.has(o))).map((s) => ({ ...s, options: s.options.map((o) => ids.get(o)!) }));
  return { trackInventory: body.trackInventory, stock };
}
