import { useState } from 'react';
import { assetUrl, imageSrcSet } from '@shop/shared';
import { GALLERY_IMAGE_SIZES } from '../products/imageSizes';
import styles from './Gallery.module.css';
import { useT } from '../messages';

/** SPEC §9: the thumbnail strip shows at most 3 images at a time. */
export const STRIP_SIZE = 3;

/** The first thumbnail shown so that the chosen image is always inside the strip. */
export function stripStart(selected: number, total: number, current = 0): number {
  const lastStart = Math.max(0, total - STRIP_SIZE);
  if (selected < current) return selected;
  if (selected >= current + STRIP_SIZE) return Math.min(lastStart, selected - STRIP_SIZE + 1);
  return Math.min(current, lastStart);
}

/** The product photos: a large image and a strip of thumbnails with previous/next arrows. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const t = useT();
  const [selected, setSelected] = useState(0);
  const [start, setStart] = useState(0);
  const total = images.length;

  // Other photos (another product, or another option's: issue 22) start again at the first: set while
  // rendering them, so an index from the old list is never rendered with the new one. Compared by
  // content: the same photos worked out again (another render of the page) keep the one shown.
  const photos = images.join('\n');
  const [shown, setShown] = useState(photos);
  if (shown !== photos) {
    setShown(photos);
    setSelected(0);
    setStart(0);
  }

  const show = (index: number) => {
    const next = (index + total) % total;
    setSelected(next);
    setStart((s) => stripStart(next, total, s));
  };

  if (total === 0) return <div className={styles.placeholder} role="img" aria-label={t('gallery.noPhoto', { title })} />;

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <img
          key={images[selected]}
          src={assetUrl(images[selected])}
          srcSet={imageSrcSet(images[selected])}
          sizes={GALLERY_IMAGE_SIZES}
          alt={total > 1 ? t('gallery.photoOf', { title, n: selected + 1, total }) : title}
          width={600}
          height={778}
          fetchPriority="high"
          className={styles.main}
        />
        {total > 1 && (
          <>
            <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => show(selected - 1)} aria-label={t('gallery.previous')}>‹</button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => show(selected + 1)} aria-label={t('gallery.next')}>›</button>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className={styles.strip} aria-label={t('gallery.photos')}>
          {images.slice(start, start + STRIP_SIZE).map((url, i) => {
            const index = start + i;
            return (
              <li key={`${url}-${index}`}>
                <button type="button" className={styles.thumb} aria-label={t('gallery.show', { n: index + 1, total })} aria-current={index === selected ? 'true' : undefined} onClick={() => show(index)}>
                  <img src={assetUrl(url, 160)} alt="" width={120} height={156} loading="lazy" decoding="async" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
