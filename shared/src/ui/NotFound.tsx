import { NOT_FOUND_HEAD } from '@shop/contract';
import { Link } from '../router';
import { useDocumentTitle } from '../useDocumentTitle';
import { buttonClass } from './Button';
import styles from './notFound.module.css';

/** SPEC §2: the 404 page, used by the shell for unknown routes and by the product page; titled as the server's 404 answer is. */
export function NotFound() {
  useDocumentTitle(NOT_FOUND_HEAD);
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">404</p>
      <h1 id="not-found-title">Opps! This page Could Not Be Found!</h1>
      <p>Sorry, the page you are looking for does not exist, was moved, or is temporarily unavailable.</p>
      <Link to="/" className={buttonClass()}>Back to homepage</Link>
    </section>
  );
}
