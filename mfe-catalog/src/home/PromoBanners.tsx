import { Link, assetUrl, imageSrcSet } from '@shop/shared';
import { PROMOS } from './content';
import styles from './HomePage.module.css';
import { useT } from '../messages';

/** A promo picture takes 36% of its banner (HomePage.module.css .promoMedia): one column below 1024 px, three above. */
const PROMO_IMAGE_SIZES = '(max-width: 1024px) 36vw, 140px';

/** Three promo banners; one shows a promo code. */
export function PromoBanners({ images }: { images: string[] }) {
  const t = useT();
  return (
    <section className={styles.promos} aria-label={t('home.offers')}>
      {PROMOS.map((promo, i) => (
        <article key={promo.title} className={styles.promo}>
          <div className={styles.promoMedia}>
            {images[i] && <img src={assetUrl(images[i], 320)} srcSet={imageSrcSet(images[i])} sizes={PROMO_IMAGE_SIZES} alt="" width={600} height={778} loading="lazy" decoding="async" />}
          </div>
          <div className={styles.promoText}>
            <p className={styles.eyebrow}>{t(promo.eyebrow)}</p>
            <h2 className={styles.promoTitle}>{t(promo.title)}</h2>
            <p>{t(promo.text)}</p>
            {'code' in promo && (
              <p className={styles.code}>
                {t('home.promoCode')} <strong>{promo.code}</strong>
              </p>
            )}
            <Link to={promo.link} className={styles.promoLink}>
              {t(promo.cta)}<span className="visually-hidden">: {t(promo.title)}</span>
            </Link>
          </div>
        </article>
      ))}
    </section>
  );
}
