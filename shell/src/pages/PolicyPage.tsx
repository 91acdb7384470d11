import { Button, call, EmptyState, NotFound, type PolicyPage as Slug, Spinner, urlOf, useDocumentTitle, useLoad, useParams } from '@shop/shared';
import { useT } from '../messages';
import styles from './PolicyPage.module.css';
import { isPolicyPage, paragraphsOf } from '@shop/shared/src/contract';

/**
 * A policy page the owner writes in the back office (issue 38, 17): /pages/shipping-returns,
 * /pages/secure-shopping, and the privacy policy at the addresses checkout and the account area link
 * (/privacy-policy, /privacy-&-policy). Its text is plain: paragraphs separated by blank lines.
 */
export function PolicyPage({ slug: fixed }: { slug?: Slug }) {
  const t = useT();
  const { slug: asked } = useParams();
  const slug = fixed ?? asked;
  const known = isPolicyPage(slug);
  const page = useLoad(known && urlOf('contentPage', { params: { slug } }), async () => (await call('contentPage', { params: { slug: slug as Slug } })).data);
  useDocumentTitle(page.data?.title);
  if (!known) return <NotFound />;
  return (
    <article className={styles.page} aria-busy={page.status === 'loading'}>
      {page.status === 'failed' ? (
        <div className={styles.failed}>
          <EmptyState>{t('policy.failed')}</EmptyState>
          <Button onClick={page.reload}>{t('policy.retry')}</Button>
        </div>
      ) : !page.data ? (
        <Spinner label={t('policy.loading')} />
      ) : (
        <>
          <h1>{page.data.title}</h1>
          {paragraphsOf(page.data.body).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph is its place in the text
            <p key={i}>{p}</p>
          ))}
        </>
      )}
    </article>
  );
}
