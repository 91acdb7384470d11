import { Link, assetUrl, buttonClass, imageSrcSet, ROUTE_PATHS } from '@shop/shared';
import { Carousel } from '../slider/Carousel';
import { HERO_IMAGE_SIZES } from '../products/imageSizes';
import { HERO_SLIDES } from './content';
import styles from './HomePage.module.css';
import { useT } from '../messages';


/** The three-slide hero; it autoplays (SPEC §2) and can be paused. */
export function HeroSlider({ images }: { images: string[] }) {
  const t = useT();
  const slides = HERO_SLIDES.map((slide, i) => (
    <div className={styles.heroSlide} key={slide.title}>
      <div className={styles.heroText}>
        <p className={styles.eyebrow}>{t(slide.eyebrow)}</p>
        <h2 className={styles.heroTitle}>{t(slide.title)}</h2>
        <p className={styles.heroLead}>{t(slide.text)}</p>
        <Link to={ROUTE_PATHS.shop} className={buttonClass()}>{t('home.shopNow')}</Link>
      </div>
      <div className={styles.heroMedia}>
        {images[i] ? (
          <img
            src={assetUrl(images[i], 480)}
            srcSet={imageSrcSet(images[i])}
            sizes={HERO_IMAGE_SIZES}
            alt=""
            width={600}
            height={778}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
          />
        ) : (
          <span className={styles.heroPlaceholder} />
        )}
      </div>
    </div>
  ));
  return <Carousel label={t('home.featured')} slides={slides} autoplay={5000} className={styles.hero} />;
}
