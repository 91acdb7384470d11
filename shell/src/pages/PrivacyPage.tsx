import { PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import { useT } from '../messages';
import styles from './PrivacyPage.module.css';

/** Placeholder policy page linked from checkout (/privacy-policy) and the account area (/privacy-&-policy). */
export function PrivacyPage() {
  const t = useT();
  useDocumentTitle(PAGE_HEADS.PrivacyPage);
  return (
    <article className={styles.page}>
      <h1>{t('privacy.title')}</h1>
      <p>{t('privacy.use')}</p>
      <p>{t('privacy.addresses')}</p>
      <p>{t('privacy.payments')}</p>
    </article>
  );
}
