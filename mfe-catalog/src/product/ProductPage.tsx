import { useEffect, useMemo, useState } from 'react';
import {
  useParams,
  useSearchParams,
  Button,
  EmptyState,
  NotFound,
  PriceTag,
  productHead,
  RemoteComponent,
  Spinner,
  useDocumentTitle,
  usePageReady,
  useSelectedCurrency,
  type OptionSelection,
  type Product,
} from '@shop/shared';
import { isNewProduct } from '../products/pricing';
import { ReviewsSection } from '../reviews/ReviewsSection';
import { RatingSummary } from '../reviews/Stars';
import { BackInStock } from './BackInStock';
import { Gallery } from './Gallery';
import { ProductDetails, ProductTags } from './ProductDetails';
import { QuantityControl } from './QuantityControl';
import { RelatedProducts } from './RelatedProducts';
import { useProduct } from './useProduct';
import { useProductPrice } from './useProductPrice';
import { VariantSelector } from './VariantSelector';
import styles from './ProductPage.module.css';
import { useT } from '../messages';
import { availableQuantity, defaultSelection, photosOf, selectedOptions, soldOutOptions, stockLevel } from '@shop/shared/src/contract';

/** /:slug, the product detail page (the 404 page for an unknown slug). */
export default function ProductPage() {
  const t = useT();
  const { slug } = useParams();
  const [params] = useSearchParams();
  const preview = params.get('preview');
  const [state, retry] = useProduct(slug, preview);
  const product = state.status === 'succeeded' ? state.product : undefined;
  useDocumentTitle(product ? productHead(product, t.locale) : undefined);
  usePageReady(state.status !== 'loading');

  if (state.status === 'loading') return <Spinner label={t('product.loading')} />;
  if (state.status === 'notFound') return <NotFound />;
  if (state.status === 'failed') {
    return (
      <div className={styles.failed}>
        <EmptyState>{t('product.failed')}</EmptyState>
        <Button onClick={retry}>{t('common.retry')}</Button>
      </div>
    );
  }
  return (
    <>
      {preview && state.product.published === false && (
        // Issue 38 (18): an admin's signed preview of a draft: shoppers do not see this page.
        <p className={styles.previewBanner} role="status">{t('product.previewDraft')}</p>
      )}
      <ProductView key={state.product._id} product={state.product} />
    </>
  );
}

function ProductView({ product }: { product: Product }) {
  const t = useT();
  const currency = useSelectedCurrency();
  const [selection, setSelection] = useState<OptionSelection>(() => defaultSelection(product, currency?._id));
  // The variants in the order the shopper last chose them, latest first: the gallery shows that one's option photos first (issue 22).
  const [chosenLast, setChosenLast] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const price = useProductPrice(product, selection, currency?._id);
  const soldOut = useMemo(() => soldOutOptions(product), [product]);
  const chosen = selectedOptions(product, selection);
  // Issue 17: how many of the chosen combination can be bought (null: unlimited).
  const left = availableQuantity(product, chosen.map((o) => o.optionId));
  const outOfStock = !product.available || left === 0;
  const level = outOfStock ? 'out' : stockLevel(left, product.lowStockThreshold);
  const note = level === null ? null : level === 'out' ? t('stock.out') : t('stock.onlyLeft', { count: level });
  const maxQuantity = left === null ? undefined : Math.max(1, left);
  // The shopper's quantity, kept within what is left of the combination now chosen.
  const buyQuantity = Math.min(quantity, maxQuantity ?? quantity);
  const waitedFor = product.available ? chosen.map((o) => o.optionId) : [];
  const photos = photosOf(product, chosen.map((o) => o.optionId), chosenLast);

  // A new product starts from its defaults; a currency change keeps the shopper's choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currency is read, not followed
  useEffect(() => {
    setSelection(defaultSelection(product, currency?._id));
    setChosenLast([]);
    setQuantity(1);
  }, [product]);

  return (
    <article className={styles.page}>
      <div className={styles.top}>
        <Gallery images={photos} title={product.title} />
        <div className={styles.summary}>
          {isNewProduct(product) && <span className={styles.badge}>{t('card.new')}</span>}
          <h1 className={styles.title}>{product.title}</h1>
          <RatingSummary rating={product.rating} href="#reviews" />
          <div aria-live="polite">
            <PriceTag price={price} currency={currency} large taxNote />
          </div>
          {product.features.length > 0 && (
            <ul className={styles.features}>
              {product.features.map((feature) => <li key={feature}>{feature}</li>)}
            </ul>
          )}

          {product.variants.map((variant) => (
            <VariantSelector
              key={variant._id}
              variant={variant}
              selected={selection[variant._id]}
              currency={currency}
              soldOut={soldOut}
              onSelect={(optionId) => {
                setSelection((s) => ({ ...s, [variant._id]: optionId }));
                setChosenLast((order) => [variant._id, ...order.filter((id) => id !== variant._id)]);
              }}
            />
          ))}

          <p className={`${styles.stock} ${outOfStock ? styles.outOfStock : ''}`} aria-live="polite" data-testid="stock-note">
            {note}
          </p>
          {outOfStock && (
            // Issue 38 (11): the whole piece sold out waits for any combination; else the one chosen.
            <BackInStock key={`${product._id}:${waitedFor.join(',')}`} productId={product._id} options={waitedFor} />
          )}
          <div className={styles.buy}>
            <QuantityControl value={buyQuantity} max={maxQuantity} onChange={setQuantity} />
            <div className={styles.addToCart}>
              <RemoteComponent id="checkout/AddToCart" compact props={{ product, selectedOptions: chosen, quantity: buyQuantity, price: price?.original }} />
            </div>
            <RemoteComponent id="checkout/WishlistButton" compact props={{ product }} />
          </div>

          <ProductTags tags={product.tags} />
        </div>
      </div>
      <ProductDetails product={product} />
      <ReviewsSection product={product} />
      <RelatedProducts productId={product._id} currency={currency} />
    </article>
  );
}
