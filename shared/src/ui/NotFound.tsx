import { NOT_FOUND_HEAD } from '@shop/contract';
import { useT } from '../messages';
import { Link } from '../router';
import { useDocumentTitle } from '../useDocumentTitle';
import { buttonClass } from './Button';
import styles from './notFound.module.css';

/** SPEC §2: the 404 page, used by the shell for unknown routes and by the product page; titled as the server's 404 answer is. */
export function NotFound() {
  const t = useT();
  useDocumentTitle(NOT_FOUND_HEAD);
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">404</p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className={buttonClass()}>{t('notFound.back')}</Link>
    </section>
  );
}
