// The audit log (issue 19): who changed what in the back office, and how. Every admin write records
// one entry in its own transaction (the API's audit/service.ts recordAudit); GET /audit-log lists them
// and the back office's 'Audit log' page shows them. Append-only: no route edits or deletes an entry.

/** What an entry is about (the page's 'kind' filter). A product's images, variants, options and prices are 'product'. */
export const AUDIT_ENTITIES = ['product', 'stock', 'filter', 'currency', 'discount', 'coupon', 'order', 'user', 'email', 'release', 'deploy-token', 'review', 'store-settings', 'staff', 'role', 'shipping-zone', 'shipping-method', 'tax-class', 'tax-rate', 'content'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What was done to it. A role change or an order's status is an 'update' (its before and after say
 * which); 'view' is an e-mail's body read in the back office (its after names the e-mail); 'promote' and 'rollback' are a remote's releases.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'restore', 'import', 'publish', 'view', 'promote', 'rollback'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A plain JSON value: an entry's before and after hold the row's relevant values, never a whole catalogue. */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

/** The admin who made the change; null for a change no person made (a background job). */
export interface AuditActor {
  _id: string;
  fullName: string;
  email: string;
}

/** One entry as GET /audit-log answers it. */
export interface AuditEntry {
  _id: string;
  /** ISO date-time. */
  at: string;
  actor: AuditActor | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** The values before the change; null for a creation. */
  before: AuditJson | null;
  /** The values after it; null for a deletion. */
  after: AuditJson | null;
  /**
   * What it is about, by its name now (a product's title, a currency's code, an order's number, a
   * user's e-mail); null when that row is gone or has no name here. The page shows the name the entry
   * itself recorded first, then this, never a bare id (issue 38).
   */
  subject: string | null;
}

/** GET /audit-log?page&limit&actor&entity&from&to: newest first. */
export interface AuditLogPage {
  items: AuditEntry[];
  itemCount: number;
  page: number;
  limit: number;
}

/** GET /audit-log's filters: actor a user id, from/to ISO date-times (both bounds included). */
export interface AuditLogQuery {
  page?: number;
  limit?: number;
  actor?: string;
  entity?: AuditEntity;
  from?: string;
  to?: string;
}

/** The page's words for an entity and an action. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  product: 'Product',
  stock: 'Stock',
  filter: 'Filter',
  currency: 'Currency',
  discount: 'Discount',
  coupon: 'Coupon',
  order: 'Order',
  user: 'User',
  email: 'E-mail',
  release: 'Release',
  'deploy-token': 'Deploy token',
  review: 'Review',
  'store-settings': 'Store settings',
  'shipping-zone': 'Shipping zone',
  'shipping-method': 'Shipping method',
  'tax-class': 'Tax class',
  'tax-rate': 'Tax rate',
  staff: 'Staff member',
  role: 'Role',
  content: 'Storefront content',
};
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  import: 'Imported',
  publish: 'Published',
  view: 'Viewed',
  promote: 'Promoted',
  rollback: 'Rolled back',
};
