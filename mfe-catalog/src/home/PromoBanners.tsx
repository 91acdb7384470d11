import { ContentLink, assetUrl, imageSrcSet, type StorefrontContent } from '@shop/shared';
import styles from './HomePage.module.css';
import { useT } from '../messages';

/** A promo picture takes 36% of its banner (HomePage.module.css .promoMedia): one column below 1024 px, three above. */
const PROMO_IMAGE_SIZES = '(max-width: 1024px) 36vw, 140px';

/** The owner's promotion banners (issue 38, 17): each its picture (or a newest piece's photo), its words, the code it gives and its link. */
export function PromoBanners({ banners, images }: { banners: StorefrontContent['banners']; images: string[] }) {
  const t = useT();
  if (!banners.length) return null;
  return (
    <section className={styles.promos} aria-label={t('home.offers')}>
      {banners.map((promo, i) => {
        const image = promo.image || images[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a banner is its place in the owner's list (two may share a heading)
          <article key={`${i} ${promo.heading}`} className={styles.promo}>
            <div className={styles.promoMedia}>
              {image && <img src={assetUrl(image, 320)} srcSet={imageSrcSet(image)} sizes={PROMO_IMAGE_SIZES} alt="" width={600} height={778} loading="lazy" decoding="async" />}
            </div>
            <div className={styles.promoText}>
              {promo.eyebrow && <p className={styles.eyebrow}>{promo.eyebrow}</p>}
              <h2 className={styles.promoTitle}>{promo.heading}</h2>
              {promo.text && <p>{promo.text}</p>}
              {promo.code && (
                <p className={styles.code}>
                  {t('home.promoCode')} <strong>{promo.code}</strong>
                </p>
              )}
              {promo.link && promo.linkLabel && (
                <ContentLink href={promo.link} className={styles.promoLink}>
                  {promo.linkLabel}<span className="visually-hidden">: {promo.heading}</span>
                </ContentLink>
              )}
            </div>
          </article>
        );
      })}
    </section>
  );
}
