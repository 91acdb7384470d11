import { useState } from 'react';
import { assetUrl, type ContentFooter, type ContentHome, type Locale, LOCALES } from '@shop/shared';
import { type PageDraft, shownIn } from './draft';
import styles from './Content.module.css';
import { SOCIAL_NAMES, SOCIAL_NETWORKS, paragraphsOf } from '@shop/shared/src/contract';

/** The preview's language switch: the storefront shows each text in the page's language, else in English. */
export function PreviewLanguage({ locale, onChange }: { locale: Locale; onChange: (locale: Locale) => void }) {
  return (
    <label>
      Language{' '}
      <select value={locale} onChange={(e) => onChange(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code}>{l.name}</option>
        ))}
      </select>
    </label>
  );
}

/** The home's hero (one slide at a time, as the carousel shows it) and its banners, as the draft would show them. */
export function HomePreview({ home, locale }: { home: ContentHome; locale: Locale }) {
  const [at, setAt] = useState(0);
  const index = Math.min(at, home.slides.length - 1);
  const slide = home.slides[index];
  return (
    <>
      {slide ? (
        <section className={styles.hero} aria-label="Hero preview">
          <div>
            {slide.eyebrow && <p className={styles.eyebrow}>{shownIn(slide, locale, 'eyebrow', slide.eyebrow)}</p>}
            <p className={styles.heroTitle}>{shownIn(slide, locale, 'heading', slide.heading) || <span className={styles.none}>No heading</span>}</p>
            {slide.text && <p className={styles.heroText}>{shownIn(slide, locale, 'text', slide.text)}</p>}
            {slide.link && slide.linkLabel && <span className={styles.button} title={slide.link}>{shownIn(slide, locale, 'linkLabel', slide.linkLabel)}</span>}
          </div>
          <div className={styles.media}>{slide.image && <img src={assetUrl(slide.image, 160)} alt="" />}</div>
        </section>
      ) : (
        <p className={styles.none}>No slide: the home needs at least one.</p>
      )}
      {home.slides.length > 1 && (
        <div className={styles.dots}>
          {home.slides.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its slide's place
            <button key={i} type="button" aria-pressed={i === index} aria-label={`Show slide ${i + 1}`} onClick={() => setAt(i)} />
          ))}
        </div>
      )}
      {home.banners.length > 0 && (
        <section className={styles.promos} aria-label="Banners preview">
          {home.banners.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a banner is its place in the draft
            <article key={i} className={styles.promo}>
              {b.eyebrow && <p className={styles.eyebrow}>{shownIn(b, locale, 'eyebrow', b.eyebrow)}</p>}
              <h4>{shownIn(b, locale, 'heading', b.heading) || <span className={styles.none}>No heading</span>}</h4>
              {b.text && <p>{shownIn(b, locale, 'text', b.text)}</p>}
              {b.code && <p>Promo code: <strong>{b.code}</strong></p>}
              {b.link && b.linkLabel && <span className={styles.promoLink} title={b.link}>{shownIn(b, locale, 'linkLabel', b.linkLabel)}</span>}
            </article>
          ))}
        </section>
      )}
    </>
  );
}

/** The footer as the draft would show it: a link or an account left empty is not there at all. */
export function FooterPreview({ footer, locale }: { footer: ContentFooter; locale: Locale }) {
  const shown = (group: 'customer' | 'information') => footer[group].filter((l) => l.label.trim() && l.url.trim());
  const social = SOCIAL_NETWORKS.filter((n) => footer.social[n].trim());
  const groups = [
    ['customer', locale === 'fr' ? 'Clientèle' : 'Customer'],
    ['information', locale === 'fr' ? 'Informations' : 'Information'],
  ] as const;
  return (
    <section className={styles.footer} aria-label="Footer preview">
      <div>
        <h4>Aurelia Jewels</h4>
        {social.length ? (
          <ul className={styles.socials} aria-label="Social accounts shown">
            {social.map((n) => (
              <li key={n} title={footer.social[n]}>{SOCIAL_NAMES[n]}</li>
            ))}
          </ul>
        ) : (
          <p>No social account shown.</p>
        )}
      </div>
      {groups.map(([group, title]) => (
        <div key={group}>
          <h4>{title}</h4>
          <ul>
            {shown(group).map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a link is its place in the draft
              <li key={i} title={l.url}>{shownIn(l, locale, 'label', l.label)}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** A policy page as the storefront shows it: its title, then its paragraphs. */
export function PagePreview({ page, locale }: { page: PageDraft; locale: Locale }) {
  const body = shownIn(page, locale, 'body', page.body);
  return (
    <article className={styles.page} aria-label="Page preview">
      <h3>{shownIn(page, locale, 'title', page.title) || <span className={styles.none}>No title</span>}</h3>
      {paragraphsOf(body).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph is its place in the text
        <p key={i}>{p}</p>
      ))}
    </article>
  );
}
