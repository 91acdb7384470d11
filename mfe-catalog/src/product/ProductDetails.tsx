import { Link, shopSearchPath } from '@shop/shared';
import type { Product } from '@shop/shared';
import styles from './ProductPage.module.css';
import { useT } from '../messages';

/** A text's paragraphs (split at blank lines), each with where it starts in the text (a key that stays with it). */
function paragraphsOf(text: string): Array<{ at: number; text: string }> {
  const paragraphs: Array<{ at: number; text: string }> = [];
  let at = 0;
  for (const blank of text.matchAll(/\n{2,}/g)) {
    paragraphs.push({ at, text: text.slice(at, blank.index) });
    at = blank.index + blank[0].length;
  }
  paragraphs.push({ at, text: text.slice(at) });
  return paragraphs;
}

/** Below the purchase area: description, tags and the additional-information table. */
export function ProductDetails({ product }: { product: Product }) {
  const t = useT();
  return (
    <div className={styles.details}>
      <section aria-labelledby="product-description">
        <h2 id="product-description">{t('product.description')}</h2>
        {paragraphsOf(product.description).map((paragraph) => <p key={paragraph.at}>{paragraph.text}</p>)}
      </section>
      {product.variants.length > 0 && (
        <section aria-labelledby="product-information">
          <h2 id="product-information">{t('product.information')}</h2>
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
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <div className={styles.tags}>
      <span className={styles.metaLabel}>{t('product.tags')}</span>
      <ul>
        {tags.map((tag) => (
          <li key={tag}><Link to={shopSearchPath(tag)}>{tag}</Link></li>
        ))}
      </ul>
    </div>
  );
}
