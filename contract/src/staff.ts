// Staff accounts (issue 42): roles with permissions, two-factor sign-in, sessions. What the API checks
// and the back office shows, written once.

/**
 * What a staff member may do in the back office. catalog: products, filters, stock; orders; customers:
 * the users' list and details; marketing: discounts, coupons, reviews; content: contact messages and
 * e-mails, the storefront's own words (the home's slides and banners, the footer, the policy pages); settings: currencies, shipping, tax, the store; staff: staff and roles; releases: the
 * remotes' releases and deploy tokens; audit: the audit log.
 */
export const PERMISSIONS = ['catalog', 'orders', 'customers', 'marketing', 'content', 'settings', 'staff', 'releases', 'audit'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/**
 * May this staff member open a page needing `permission` (the back office's menu and pages, the shell's
 * account menu)? A session stored before permissions were (none known yet) is let through as before; the
 * API refuses what the role does not hold anyway.
 */
export const mayOpen = (session: { permissions?: readonly Permission[] }, permission: Permission | undefined) =>
  !permission || !session.permissions || session.permissions.includes(permission);

/**
 * The roles every shop starts with (migration 040 writes them). Owner holds every permission and is
 * the spec's super admin (`isSuperAdmin`); Manager is what the spec lets an admin who is not the
 * super admin do (no staff, no releases): today's admins became Managers.
 */
export const BUILT_IN_ROLES = {
  owner: { name: 'Owner', permissions: [...PERMISSIONS] as Permission[] },
  manager: { name: 'Manager', permissions: ['catalog', 'orders', 'customers', 'marketing', 'content', 'settings', 'audit'] as Permission[] },
  'catalog-editor': { name: 'Catalogue editor', permissions: ['catalog'] as Permission[] },
  'order-handler': { name: 'Order handler', permissions: ['orders', 'customers'] as Permission[] },
  support: { name: 'Support', permissions: ['orders', 'customers', 'content'] as Permission[] },
} as const;
export type BuiltInRole = keyof typeof BUILT_IN_ROLES;

/**
 * The 403's `code` when ADMIN_2FA_REQUIRED is on and a staff member has not set up two-factor
 * sign-in yet: the back office recognises it and sends them to the setup.
 */
export const TWO_FACTOR_SETUP_REQUIRED = 'two-factor-setup-required';
/** The 403's `code` of a back-office call the caller's role has no permission for. */
export const PERMISSION_MISSING = 'permission-missing';

/** Recovery codes given at confirmation (and at each regeneration), each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** A TOTP code: 6 digits. */
export const TOTP_DIGITS = 6;
/** A recovery code as shown: 10 characters of Crockford base32 in two groups, `xxxxx-xxxxx`. */
export const RECOVERY_CODE_PATTERN = '^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$';
