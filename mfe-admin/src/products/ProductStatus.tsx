import type { Product } from '@shop/shared';
import listStyles from './ProductsPage.module.css';
import { productStatusLabel } from '@shop/shared/src/contract';

/** A product's state as the back office shows it: Published, or Draft (issue 19). */
export function StatusBadge({ product }: { product: Pick<Product, 'published'> }) {
  const draft = product.published === false;
  return <span className={`${listStyles.status} ${draft ? listStyles.draft : listStyles.live}`}>{productStatusLabel(product)}</span>;
}
