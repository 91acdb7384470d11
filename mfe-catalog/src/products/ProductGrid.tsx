import type { Currency, Product } from '@shop/shared';
import { ProductCard, type CardLayout } from './ProductCard';
import styles from './ProductGrid.module.css';

/** Cards in a responsive grid, or a list; the first row loads eagerly. */
export function ProductGrid({ products, currency, layout = 'grid', eagerCount = 0, label }: { products: Product[]; currency: Currency | undefined; layout?: CardLayout; eagerCount?: number; label: string }) {
  return (
    <ul className={layout === 'list' ? styles.list : styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} currency={currency} layout={layout} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
