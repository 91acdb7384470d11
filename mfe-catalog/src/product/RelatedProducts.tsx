import { call, urlOf, useLoad, type Currency, type Product } from '@shop/shared';
import { ProductGrid } from '../products/ProductGrid';
import { useT } from '../messages';
import styles from './ProductPage.module.css';

const NONE: Product[] = [];

/**
 * Issue 38: "You may also like", up to 8 pieces of the same category or material, in stock and priced
 * in the shopper's currency (the server's kept answer); nothing shown when there are none.
 */
export function RelatedProducts({ productId, currency }: { productId: string; currency: Currency | undefined }) {
  const t = useT();
  const query = currency ? { selectedCurr: currency._id } : {};
  const loaded = useLoad(urlOf('relatedProducts', { params: { id: productId }, query }), () =>
    call('relatedProducts', { params: { id: productId }, query }).then(({ data }) => (Array.isArray(data) ? data : NONE)),
  );
  const products = loaded.data ?? NONE;
  if (!products.length) return null;
  return (
    <section className={styles.related} aria-labelledby="related-title">
      <h2 id="related-title">{t('product.related')}</h2>
      <ProductGrid products={products} currency={currency} label={t('product.related')} />
    </section>
  );
}
