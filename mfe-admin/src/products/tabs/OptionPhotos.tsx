import styles from './ProductTabs.module.css';

/** One of the product's uploaded photos: its path (what an option names) and what the browser shows. */
export interface ProductPhoto {
  url: string;
  src: string;
}

export interface OptionPhotosProps {
  optionName: string;
  /** The product's photos, in its order. */
  photos: ProductPhoto[];
  /** Those that show the piece with this option. */
  chosen: string[];
  /** The new choice, in the product's order; rejects when it was not saved. */
  onChange: (imageUrls: string[]) => unknown;
  disabled?: boolean;
}

/**
 * Which of the product's photos show the piece with one option (issue 22): a thumbnail per photo, each
 * a checkbox (Space toggles it, Tab moves on); a chosen one is framed and ticked, the others dimmed.
 */
export function OptionPhotos({ optionName, photos, chosen, onChange, disabled }: OptionPhotosProps) {
  const toggle = (url: string) => onChange(photos.map((p) => p.url).filter((u) => (u === url ? !chosen.includes(u) : chosen.includes(u))));
  return (
    <fieldset className={styles.photoPicker}>
      <legend className="visually-hidden">Photos of {optionName}</legend>
      {photos.map((photo, i) => (
        <label key={photo.url} className={styles.photoChoice}>
          <input
            type="checkbox"
            className="visually-hidden"
            checked={chosen.includes(photo.url)}
            disabled={disabled}
            onChange={() => toggle(photo.url)}
            aria-label={`Photo ${i + 1} for ${optionName}`}
          />
          <img src={photo.src} alt="" width={48} height={62} loading="lazy" />
          <span className={styles.photoTick} aria-hidden="true">✓</span>
        </label>
      ))}
    </fieldset>
  );
}
