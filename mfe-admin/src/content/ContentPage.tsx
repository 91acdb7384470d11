import { type KeyboardEvent, useEffect, useState } from 'react';
import { Button, call, type ContentFooter, type ContentHome, type Locale, notify, type PolicyPage, Tabs, urlOf, useLoad } from '@shop/shared';
import { failedTo } from '../common/failure';
import { useSaving } from '../common/useSaving';
import admin from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import styles from './Content.module.css';
import { FooterPreview, HomePreview, PagePreview, PreviewLanguage } from './ContentPreview';
import { footerProblems, homeProblems, type PageDraft, pageProblems, type Problems } from './draft';
import { FooterEditor } from './FooterEditor';
import { HomeEditor } from './HomeEditor';
import { PAGE_NAMES, PageEditor } from './PagesEditor';
import { POLICY_PAGES } from '@shop/shared/src/contract';

type Section = 'home' | 'footer' | 'pages';
const SECTIONS: Array<{ key: Section; label: string }> = [
  { key: 'home', label: 'Home' },
  { key: 'footer', label: 'Footer' },
  { key: 'pages', label: 'Policy pages' },
];
type Edit = Awaited<ReturnType<typeof loadContent>>;
const loadContent = async () => (await call('contentForEdit')).data;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const pageBody = ({ title, body, translations }: PageDraft) => ({ title, body, translations });
const TOASTS = { pending: 'Saving Content...', success: 'Content Saved Successfully!', error: 'Failed to Save Content.' };

/**
 * /content (issue 38, 17; the 'content' permission): the shop's own words. The home's slides and
 * promotion banners, the footer's links and social accounts, and the policy pages, each section saved on
 * its own (Save, or Ctrl+S / ⌘S), with a preview beside it of how the storefront will show the draft, in
 * English or French.
 */
export default function ContentPage() {
  const loaded = useLoad(urlOf('contentForEdit'), loadContent, { onError: (error) => notify.error(failedTo('Failed to fetch the content.')(error)) });
  const [home, setHome] = useState<ContentHome | null>(null);
  const [footer, setFooter] = useState<ContentFooter | null>(null);
  const [pages, setPages] = useState<PageDraft[]>([]);
  const [section, setSection] = useState<Section>('home');
  const [slug, setSlug] = useState<PolicyPage>(POLICY_PAGES[0]);
  const [locale, setLocale] = useState<Locale>('en');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, save] = useSaving();

  const saved = loaded.data;
  const take = (data: Edit, only?: Section, pageSlug?: string) => {
    if (!only || only === 'home') setHome(data.home);
    if (!only || only === 'footer') setFooter(data.footer);
    if (!only) setPages(data.pages as PageDraft[]);
    else if (only === 'pages') setPages((drafts) => drafts.map((d) => (d.slug === pageSlug ? (data.pages.find((p) => p.slug === pageSlug) as PageDraft) : d)));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drafts start from the first answer only; a save sets its own section.
  useEffect(() => {
    if (saved && !home) take(saved);
  }, [saved]);

  const page = pages.find((p) => p.slug === slug);
  const savedPage = saved?.pages.find((p) => p.slug === slug);
  const changed: Record<Section, boolean> = {
    home: Boolean(saved && home && !same(home, saved.home)),
    footer: Boolean(saved && footer && !same(footer, saved.footer)),
    pages: Boolean(saved && pages.some((p) => !same(pageBody(p), pageBody(saved.pages.find((s) => s.slug === p.slug) as PageDraft)))),
  };

  const submit = async () => {
    if (busy || !saved) return;
    const found = section === 'home' ? homeProblems(home!) : section === 'footer' ? footerProblems(footer!) : pageProblems(page!);
    setProblems(found);
    if (Object.keys(found).length) {
      notify.error('Fix the highlighted fields before saving.');
      return;
    }
    const request =
      section === 'home'
        ? call('updateHomeContent', { body: home! })
        : section === 'footer'
          ? call('updateFooterContent', { body: footer! })
          : call('updateContentPage', { params: { slug }, body: pageBody(page!) });
    const answer = await save(request, TOASTS);
    if (!answer) return;
    loaded.setData(() => answer.data);
    take(answer.data, section, slug);
  };
  const revert = () => {
    if (!saved) return;
    take(saved, section, slug);
    setProblems({});
  };
  // Ctrl+S (⌘S) saves the section in view, from any of its fields.
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void submit();
    }
  };

  const tabs = SECTIONS.map((s) => ({ key: s.key, label: changed[s.key] ? `${s.label} (unsaved)` : s.label }));
  return (
    <AdminLayout title="Content">
      <p className={admin.muted}>The shop's own words: what the home, the footer and the policy pages say, in English and French. Each section is saved on its own (Ctrl+S); the preview shows it as shoppers will see it.</p>
      {loaded.status === 'failed' ? (
        <div>
          <p className={admin.error} role="alert">Failed to fetch the content.</p>
          <Button onClick={loaded.reload}>Retry</Button>
        </div>
      ) : !home || !footer || !page ? (
        <p className={admin.muted} aria-busy="true">Loading the content…</p>
      ) : (
        <div>
          <Tabs
            label="Content sections"
            tabs={tabs}
            active={section}
            onChange={(next) => {
              setSection(next);
              setProblems({});
            }}
          />
          <form
            className={styles.layout}
            noValidate
            onKeyDown={onKeyDown}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <div className={styles.editor} role="tabpanel" aria-label={SECTIONS.find((s) => s.key === section)!.label}>
              {section === 'pages' && (
                <label className={admin.label}>
                  Page{' '}
                  <select value={slug} onChange={(e) => { setSlug(e.target.value as PolicyPage); setProblems({}); }}>
                    {POLICY_PAGES.map((p) => (
                      <option key={p} value={p}>{PAGE_NAMES[p]}{savedPage && p === slug && changed.pages && !same(pageBody(page), pageBody(savedPage as PageDraft)) ? ' (unsaved)' : ''}</option>
                    ))}
                  </select>
                </label>
              )}
              {section === 'home' && <HomeEditor home={home} problems={problems} onChange={setHome} />}
              {section === 'footer' && <FooterEditor footer={footer} problems={problems} onChange={setFooter} />}
              {section === 'pages' && <PageEditor page={page} problems={problems} onChange={(next) => setPages((all) => all.map((p) => (p.slug === next.slug ? next : p)))} />}
              <div className={`${admin.footer} ${styles.actions}`}>
                <Button variant="secondary" onClick={revert} disabled={busy || !changed[section]}>Undo changes</Button>
                <Button type="submit" disabled={busy}>{busy ? 'Saving…' : section === 'home' ? 'Save home' : section === 'footer' ? 'Save footer' : 'Save page'}</Button>
              </div>
            </div>
            <aside className={styles.preview} aria-label="Preview">
              <div className={styles.previewHead}>
                <h2>Preview{changed[section] ? ' (not saved yet)' : ''}</h2>
                <PreviewLanguage locale={locale} onChange={setLocale} />
              </div>
              {section === 'home' && <HomePreview home={home} locale={locale} />}
              {section === 'home' && <FooterPreview footer={footer} locale={locale} />}
              {section === 'footer' && <FooterPreview footer={footer} locale={locale} />}
              {section === 'pages' && <PagePreview page={page} locale={locale} />}
            </aside>
          </form>
        </div>
      )}
    </AdminLayout>
  );
}
