import type { PageOffer } from '@shop/shared';
import { offers } from '../offers';

/** The admin sections of SPEC §2, in menu order: this remote's pages with a menu entry (../offers.ts). */
export const ADMIN_SECTIONS = offers.pages.flatMap((page: PageOffer) => (page.menu ? [{ to: page.path, label: page.menu.label, superAdminOnly: page.guard === 'superAdmin' }] : []));

/** The sections this admin may open: a super admin's pages (Releases) only for a super admin. */
export const sectionsFor = (session: { isSuperAdmin: boolean }) => ADMIN_SECTIONS.filter((s) => !s.superAdminOnly || session.isSuperAdmin);
