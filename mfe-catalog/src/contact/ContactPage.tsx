import { useState } from 'react';
import { Button, PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import { ContactForm } from './ContactForm';
import styles from './ContactPage.module.css';
import { useT } from '../messages';

const MAP_EMBED = 'https://www.openstreetmap.org/export/embed.html?bbox=2.3266%2C48.8666%2C2.3366%2C48.8716&layer=mapnik&marker=48.8691%2C2.3316';
const MAP_LINK = 'https://www.openstreetmap.org/?mlat=48.8691&mlon=2.3316#map=17/48.8691/2.3316';

/** /contact: a map, address and hours (SPEC §2), and the contact form, which sends (issue 18). */
export default function ContactPage() {
  const t = useT();
  useDocumentTitle(PAGE_HEADS['catalog/ContactPage']);
  const [showMap, setShowMap] = useState(false);

  return (
    <div className={styles.contact}>
      <h1 className="visually-hidden">{t('contact.title')}</h1>
      <section className={styles.map} aria-label={t('contact.map')}>
        {showMap ? (
          <iframe title={t('contact.mapTitle')} src={MAP_EMBED} loading="lazy" referrerPolicy="no-referrer" />
        ) : (
          <div className={styles.mapPreview}>
            <p>{t('contact.mapNote')}</p>
            <Button variant="secondary" onClick={() => setShowMap(true)}>{t('contact.showMap')}</Button>
            <a href={MAP_LINK} target="_blank" rel="noreferrer">{t('contact.openMap')}</a>
          </div>
        )}
      </section>

      <div className={styles.columns}>
        <section className={styles.info} aria-labelledby="visit-title">
          <h2 id="visit-title">{t('contact.visit')}</h2>
          <address>
            Aurelia Jewels<br />
            14 Rue de la Paix<br />
            75002 Paris, France
          </address>
          <p>
            <a href="tel:+33142000000">+33 1 42 00 00 00</a><br />
            <a href="mailto:hello@aureliajewels.example">hello@aureliajewels.example</a>
          </p>
          <h3>{t('contact.hours')}</h3>
          <dl className={styles.hours}>
            <dt>{t('contact.weekdays')}</dt><dd>10:00 – 19:00</dd>
            <dt>{t('contact.saturday')}</dt><dd>11:00 – 18:00</dd>
            <dt>{t('contact.sunday')}</dt><dd>{t('contact.closed')}</dd>
          </dl>
        </section>

        <section className={styles.formBlock} aria-labelledby="write-title">
          <h2 id="write-title">{t('contact.write')}</h2>
          <p className={styles.lead}>{t('contact.lead')}</p>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}
