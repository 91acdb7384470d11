import { useRef } from 'react';
import { assetUrl, Button, call, type ContentHome, notify } from '@shop/shared';
import { failedTo } from '../common/failure';
import styles from './Content.module.css';
import { type Banner, CONTENT_LIMITS as L, moved, newBanner, newSlide, type Problems, type Slide, translationOf, withTranslation } from './draft';
import { TextField } from './fields';

type Kind = 'slides' | 'banners';
const NAMES: Record<Kind, string> = { slides: 'Slide', banners: 'Banner' };

/** A slide's or banner's picture: its upload (through the shop's upload path), or none (a newest piece's photo shows). */
function ImagePicker({ image, name, onChange }: { image: string; name: string; onChange: (image: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('images', file);
    try {
      const { data } = await call('uploadContentImage', { body: form });
      onChange(data.image);
      notify.success('Picture uploaded: save to show it');
    } catch (error) {
      notify.error(failedTo('Failed to upload the picture.')(error));
    }
  };
  return (
    <div className={styles.image}>
      {image ? <img src={assetUrl(image, 160)} alt="" /> : <span className={styles.none}>No picture: a newest piece's photo shows</span>}
      <input ref={input} type="file" accept="image/jpeg,image/png,image/gif" hidden onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
      <Button variant="secondary" size="small" onClick={() => input.current?.click()}>{image ? `Replace picture of ${name.toLowerCase()}` : `Upload picture for ${name.toLowerCase()}`}</Button>
      {image && <Button variant="secondary" size="small" onClick={() => onChange('')}>{`Remove picture of ${name.toLowerCase()}`}</Button>}
    </div>
  );
}

/** One slide or banner: picture, texts, link, and its French. */
function ItemEditor<T extends Slide | Banner>({ kind, item, index, count, problems, onChange, onMove, onRemove }: {
  kind: Kind;
  item: T;
  index: number;
  count: number;
  problems: Problems;
  onChange: (item: T) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = `${NAMES[kind]} ${index + 1}`;
  const key = (field: string) => `${kind}.${index}.${field}`;
  const set = (field: keyof T) => (value: string) => onChange({ ...item, [field]: value });
  const fr = (field: string) => (value: string) => onChange(withTranslation(item, field, value));
  return (
    <fieldset className={styles.item} aria-label={name}>
      <div className={styles.itemHead}>
        <h3>{name}</h3>
        <div className={styles.itemActions}>
          <Button variant="secondary" size="small" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${name.toLowerCase()} up`}>↑</Button>
          <Button variant="secondary" size="small" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move ${name.toLowerCase()} down`}>↓</Button>
          <Button variant="secondary" size="small" disabled={kind === 'slides' && count === 1} onClick={onRemove} aria-label={`Remove ${name.toLowerCase()}`}>Remove</Button>
        </div>
      </div>
      <ImagePicker image={item.image} name={name} onChange={set('image')} />
      <div className={styles.row}>
        <TextField label="Line above the heading" value={item.eyebrow} maxLength={L.eyebrow} onChange={set('eyebrow')} />
        <TextField label="Heading" value={item.heading} maxLength={L.heading} onChange={set('heading')} problem={problems[key('heading')]} />
      </div>
      <TextField label="Text" value={item.text} maxLength={L.text} onChange={set('text')} multiline />
      <div className={styles.row}>
        <TextField label="Button label" value={item.linkLabel} maxLength={L.linkLabel} onChange={set('linkLabel')} />
        <TextField label="Button link" value={item.link} maxLength={L.link} onChange={set('link')} placeholder="/shop?que=ring or https://…" problem={problems[key('link')]} />
        {kind === 'banners' && <TextField label="Promo code shown" value={(item as Banner).code} maxLength={L.code} onChange={set('code' as keyof T)} problem={problems[key('code')]} />}
      </div>
      <details className={styles.french}>
        <summary>French{translationOf(item, 'heading') ? '' : ' (shown in English until written)'}</summary>
        <div className={styles.row}>
          <TextField label="Line above the heading (French)" lang="fr" value={translationOf(item, 'eyebrow')} placeholder={item.eyebrow} maxLength={L.eyebrow} onChange={fr('eyebrow')} />
          <TextField label="Heading (French)" lang="fr" value={translationOf(item, 'heading')} placeholder={item.heading} maxLength={L.heading} onChange={fr('heading')} />
        </div>
        <TextField label="Text (French)" lang="fr" value={translationOf(item, 'text')} placeholder={item.text} maxLength={L.text} onChange={fr('text')} multiline />
        <TextField label="Button label (French)" lang="fr" value={translationOf(item, 'linkLabel')} placeholder={item.linkLabel} maxLength={L.linkLabel} onChange={fr('linkLabel')} />
      </details>
    </fieldset>
  );
}

/** The home's slides and banners: add, edit, reorder, remove. */
export function HomeEditor({ home, problems, onChange }: { home: ContentHome; problems: Problems; onChange: (home: ContentHome) => void }) {
  const list = <K extends Kind>(kind: K, fresh: () => ContentHome[K][number], max: number) => {
    const items = home[kind] as ContentHome[K][number][];
    const setItems = (next: ContentHome[K][number][]) => onChange({ ...home, [kind]: next });
    return (
      <section aria-labelledby={`content-${kind}`} className={styles.editor}>
        <div className={styles.bar}>
          <h2 id={`content-${kind}`} style={{ margin: 0, fontSize: 'var(--text-lg)' }}>{kind === 'slides' ? 'Hero slides' : 'Promotion banners'}</h2>
          <Button variant="secondary" size="small" disabled={items.length >= max} onClick={() => setItems([...items, fresh()])}>{kind === 'slides' ? 'Add slide' : 'Add banner'}</Button>
        </div>
        {problems[kind] && <p className={styles.problem} role="alert">{problems[kind]}</p>}
        {items.map((item, i) => (
          <ItemEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the list; its fields are controlled, so a move moves their values
            key={i}
            kind={kind}
            item={item}
            index={i}
            count={items.length}
            problems={problems}
            onChange={(next) => setItems(items.map((x, j) => (j === i ? next : x)))}
            onMove={(by) => setItems(moved(items, i, by))}
            onRemove={() => setItems(items.filter((_, j) => j !== i))}
          />
        ))}
        {!items.length && <p className={styles.none}>{kind === 'banners' ? 'No banner: the home shows none.' : 'No slide.'}</p>}
      </section>
    );
  };
  return (
    <>
      {list('slides', newSlide, L.slides)}
      {list('banners', newBanner, L.banners)}
    </>
  );
}
