import type { PolicyPage } from '@shop/shared';
import styles from './Content.module.css';
import { CONTENT_LIMITS as L, type PageDraft, type Problems, translationOf, withTranslation } from './draft';
import { TextField } from './fields';
import { policyPagePath } from '@shop/shared/src/contract';

export const PAGE_NAMES: Record<PolicyPage, string> = { 'shipping-returns': 'Shipping & Returns', 'secure-shopping': 'Secure Shopping', 'privacy-policy': 'Privacy Policy' };

/** One policy page: its title and text (paragraphs separated by a blank line) and their French. */
export function PageEditor({ page, problems, onChange }: { page: PageDraft; problems: Problems; onChange: (page: PageDraft) => void }) {
  const fr = (field: 'title' | 'body') => (text: string) => onChange(withTranslation(page, field, text));
  return (
    <section className={styles.editor} aria-label={`${PAGE_NAMES[page.slug as PolicyPage]} page`}>
      <p className={styles.none} style={{ margin: 0 }}>
        Shown at <a href={policyPagePath(page.slug as PolicyPage)} target="_blank" rel="noreferrer">{policyPagePath(page.slug as PolicyPage)}</a>. Plain text: leave a blank line between paragraphs.
      </p>
      <div className={styles.item}>
        <TextField label="Title" value={page.title} maxLength={L.pageTitle} onChange={(title) => onChange({ ...page, title })} problem={problems.title} />
        <TextField label="Text" value={page.body} maxLength={L.pageBody} onChange={(body) => onChange({ ...page, body })} multiline rows={12} />
        <details className={styles.french}>
          <summary>French{translationOf(page, 'title') ? '' : ' (shown in English until written)'}</summary>
          <TextField label="Title (French)" lang="fr" value={translationOf(page, 'title')} placeholder={page.title} maxLength={L.pageTitle} onChange={fr('title')} />
          <TextField label="Text (French)" lang="fr" value={translationOf(page, 'body')} maxLength={L.pageBody} onChange={fr('body')} multiline rows={12} />
        </details>
      </div>
    </section>
  );
}
