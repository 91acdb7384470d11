// Issue 38 (17): the SQL of the shop's own words (migration 043).
import type { Queryable } from '../db/client.js';

export type Section = 'home' | 'footer';

export interface SectionRow {
  section: Section;
  document: unknown;
  updated_at: Date | string;
}

export interface PageRow {
  slug: string;
  title: string;
  body: string;
  translations: unknown;
  updated_at: Date | string;
}

export const sections = (q: Queryable) => q.query<SectionRow>(`SELECT section, document, updated_at FROM storefront_content`);

export const section = (q: Queryable, name: Section) => q.one<SectionRow>(`SELECT section, document, updated_at FROM storefront_content WHERE section = $1`, [name]);

/** Writes a section whole (the row made on its first save); answers nothing. */
export const putSection = async (q: Queryable, name: Section, document: unknown) => {
  await q.query(
    `INSERT INTO storefront_content (section, document) VALUES ($1, $2::jsonb)
       ON CONFLICT (section) DO UPDATE SET document = EXCLUDED.document, updated_at = now()`,
    [name, JSON.stringify(document)],
  );
};

export const pages = (q: Queryable) => q.query<PageRow>(`SELECT slug, title, body, translations, updated_at FROM content_pages`);

export const page = (q: Queryable, slug: string) => q.one<PageRow>(`SELECT slug, title, body, translations, updated_at FROM content_pages WHERE slug = $1`, [slug]);

export const putPage = async (q: Queryable, slug: string, p: { title: string; body: string; translations: unknown }) => {
  await q.query(
    `INSERT INTO content_pages (slug, title, body, translations) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, translations = EXCLUDED.translations, updated_at = now()`,
    [slug, p.title, p.body, JSON.stringify(p.translations)],
  );
};

/** The row locks a save takes first, so two saves of a section (or a page) follow each other and each audits the one before it. */
export const lockSection = (q: Queryable, key: string) => q.query(`SELECT pg_advisory_xact_lock(hashtext('storefront_content:' || $1))`, [key]);
