import { ContentLink, assetUrl, buttonClass, imageSrcSet, type StorefrontContent } from '@shop/shared';
import { Carousel } from '../slider/Carousel';
import { HERO_IMAGE_SIZES } from '../products/imageSizes';
import styles from './HomePage.module.css';
import { useT } from '../messages';

/**
 * The hero: the owner's slides (issue 38, 17: GET /api/content), each its picture or, without one, a
 * newest piece's photo; it autoplays (SPEC §2) and can be paused.
 */
export function HeroSlider({ slides, images }: { slides: StorefrontContent['slides']; images: string[] }) {
  const t = useT();
  const shown = slides.map((slide, i) => {
    const image = slide.image || images[i];
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the owner's list (two may share a heading)
      <div className={styles.heroSlide} key={`${i} ${slide.heading}`}>
        <div className={styles.heroText}>
          {slide.eyebrow && <p className={styles.eyebrow}>{slide.eyebrow}</p>}
          <h2 className={styles.heroTitle}>{slide.heading}</h2>
          {slide.text && <p className={styles.heroLead}>{slide.text}</p>}
          {slide.link && slide.linkLabel && <ContentLink href={slide.link} className={buttonClass()}>{slide.linkLabel}</ContentLink>}
        </div>
        <div className={styles.heroMedia}>
          {image ? (
            <img
              src={assetUrl(image, 480)}
              srcSet={imageSrcSet(image)}
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
    );
  });
  if (!shown.length) return <div className={`${styles.hero} ${styles.heroPending}`} aria-hidden="true" />;
  return <Carousel label={t('home.featured')} slides={shown} autoplay={5000} className={styles.hero} />;
}
