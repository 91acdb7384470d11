import type { PageOffer, Permission } from '@shop/shared';
import { offers } from '../offers';
import { mayOpen } from '@shop/shared/src/contract';

/** The admin sections of SPEC §2, in menu order: this remote's pages with a menu entry (../offers.ts). */
export const ADMIN_SECTIONS = offers.pages.flatMap((page: PageOffer) =>
  page.menu ? [{ to: page.path, label: page.menu.label, superAdminOnly: page.guard === 'superAdmin', permission: page.permission }] : [],
);

/** Issue 42: may this staff member open a page needing that permission (the contract's rule, the shell's menu uses it too). */
export { mayOpen };

/** The sections this admin may open: a super admin's pages (Releases) only for a super admin; each only with its permission. */
export const sectionsFor = (session: { isSuperAdmin: boolean; permissions?: readonly Permission[] }) =>
  ADMIN_SECTIONS.filter((s) => (!s.superAdminOnly || session.isSuperAdmin) && mayOpen(session, s.permission));

/** The page of this path (its permission), if it is one of the back office's. */
export const pageAt = (path: string) => offers.pages.find((p: PageOffer) => p.path === path);
