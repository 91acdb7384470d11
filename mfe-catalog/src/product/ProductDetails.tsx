import { Link } from '@shop/shared';
import type { Product } from '@shop/shared';
import styles from './ProductPage.module.css';

/** Below the purchase area: description, tags and the additional-information table. */
export function ProductDetails({ product }: { product: Product }) {
  return (
    <div className={styles.details}>
      <section aria-labelledby="product-description">
        <h2 id="product-description">Description</h2>
        {product.description.split(/\n{2,}/).map((paragraph, i) => <p key={i}>{paragraph}</p>)}
      </section>
      {product.variants.length > 0 && (
        <section aria-labelledby="product-information">
          <h2 id="product-information">Additional information</h2>
          <table className={styles.infoTable}>
            <tbody>
              {product.variants.map((variant) => (
                <tr key={variant._id}>
                  <th scope="row">{variant.type}</th>
                  <td>{variant.options.map((o) => o.name).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

export function ProductTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <div className={styles.tags}>
      <span className={styles.metaLabel}>Tags:</span>
      <ul>
        {tags.map((tag) => (
          <li key={tag}><Link to={`/shop?que=${encodeURIComponent(tag)}`}>{tag}</Link></li>
        ))}
      </ul>
    </div>
  );
}
