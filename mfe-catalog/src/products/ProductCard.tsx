import { Link, PriceTag, assetUrl, imageSrcSet, type Currency, type Product } from '@shop/shared';
import { CARD_IMAGE_SIZES as CARD_SIZES } from './imageSizes';
import { RatingSummary } from '../reviews/Stars';
import { isNewProduct, shownPrice } from './pricing';
import styles from './ProductCard.module.css';
import { useT } from '../messages';

export type CardLayout = 'grid' | 'list';

interface ProductCardProps {
  product: Product;
  currency: Currency | undefined;
  layout?: CardLayout;
  /** Above the fold: load the image at once instead of lazily. */
  eager?: boolean;
}

/** One product in a grid or a list: photo, New badge, title and price in the selected currency. */
export function ProductCard({ product, currency, layout = 'grid', eager }: ProductCardProps) {
  const t = useT();
  const price = shownPrice(product, [], currency?._id);
  const [image, hoverImage] = product.imageUrls;
  const href = `/${product.slug}`;
  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.list : ''}`} data-testid="product-card">
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        {image ? (
          <img src={assetUrl(image, 480)} srcSet={imageSrcSet(image)} sizes={CARD_SIZES} alt="" width={600} height={778} loading={eager ? 'eager' : 'lazy'} decoding="async" className={styles.image} />
        ) : (
          <span className={styles.noImage} />
        )}
        {hoverImage && <img src={assetUrl(hoverImage, 480)} srcSet={imageSrcSet(hoverImage)} sizes={CARD_SIZES} alt="" width={600} height={778} loading="lazy" decoding="async" className={styles.hoverImage} />}
        {(isNewProduct(product) || price?.discounted) && (
          <span className={styles.badges}>
            {isNewProduct(product) && <span className={styles.badge}>{t('card.new')}</span>}
            {price?.discounted && <span className={`${styles.badge} ${styles.sale}`}>{t('card.sale')}</span>}
          </span>
        )}
      </Link>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={href}>{product.title}</Link>
        </h3>
        <RatingSummary rating={product.rating} />
        <PriceTag price={price} currency={currency} />
        {product.available === false && <p className={styles.soldOut}>{t('stock.out')}</p>}
        {layout === 'list' && (
          <>
            <p className={styles.description}>{product.description}</p>
            <Link to={href} className={styles.more}>
              {t('card.details')}<span className="visually-hidden">{t('card.detailsOf', { title: product.title })}</span>
            </Link>
          </>
        )}
      </div>
    </article>
  );
}
