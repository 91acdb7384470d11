import { PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import styles from './PrivacyPage.module.css';

/** Placeholder policy page linked from checkout (/privacy-policy) and the account area (/privacy-&-policy). */
export function PrivacyPage() {
  useDocumentTitle(PAGE_HEADS.PrivacyPage);
  return (
    <article className={styles.page}>
      <h1>Privacy Policy</h1>
      <p>We use your details only to process your orders and keep your account. We never sell them.</p>
      <p>Addresses you save are used at checkout by default. You can change them at any time in your account.</p>
      <p>Payments by wallet are handled by the provider; we keep no card data.</p>
    </article>
  );
}
