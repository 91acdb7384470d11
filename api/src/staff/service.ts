// Staff and roles (issue 42). A role is a named set of permissions; a staff member has one. The rules:
// nobody changes their own role or suspends or removes themselves; nobody gives (in a role, or a role
// to someone) a permission they do not hold, nor changes someone who holds one they do not; the shop
// keeps at least one Owner who can act; the Owner role always holds every permission. Each change is
// in the audit log, in its own transaction.
import { createHash, randomBytes } from 'node:crypto';
import { BUILT_IN_ROLES, isPermission, type Permission, PERMISSIONS, type StaffMember, type StaffRole } from '@shop/contract';
import { recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import type { AuthUser } from '../lib/auth.js';
import { conflict, fieldError, forbidden, notFound } from '../lib/errors.js';
import { SECRET_MARK, type SealedSecret } from '../mail/secrets.js';
import { enqueueMail } from '../mail/service.js';
import { revokeSessionsBut } from '../accounts/queries.js';
import { disableTotp } from '../accounts/securityQueries.js';
import * as Q from './queries.js';

/** An invitation's set-password link holds this long. */
export const INVITE_DAYS = 7;
export const LAST_OWNER = 'The shop must keep at least one Owner who can sign in.';
export const OWN_ROLE = 'You cannot change your own role.';
export const NOT_YOURS_TO_GIVE = 'You cannot give a permission you do not hold yourself.';

const perms = (list: readonly string[] | null) => (list ?? []).filter(isPermission);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const roleOut = (r: Q.RoleRow): StaffRole => ({ _id: r.id, key: r.key, name: r.name, permissions: perms(r.permissions), members: Number(r.members) });
const staffOut = (s: Q.StaffRow): StaffMember => ({
  _id: s.id,
  fullName: s.full_name,
  email: s.email,
  roleId: s.role_id,
  roleName: s.role_name ?? '',
  permissions: perms(s.permissions),
  isSuperAdmin: s.is_super_admin,
  twoFactor: s.two_factor,
  suspended: s.suspended,
  invited: s.invited,
  lastSeenAt: iso(s.last_seen_at),
});

/** Refuses (403) when `wanted` holds a permission the actor does not. */
function mayGive(actor: AuthUser, wanted: readonly string[]) {
  if (wanted.some((p) => !actor.permissions.includes(p as Permission))) throw forbidden(NOT_YOURS_TO_GIVE);
}

/** The permissions of a role's body: known ones (else a 400 naming the field), each once, in the shop's order. */
function cleanPermissions(list: string[]): Permission[] {
  const unknown = list.filter((p) => !isPermission(p));
  if (unknown.length) throw fieldError('permissions', `Unknown permission: ${unknown.join(', ')}. Known: ${PERMISSIONS.join(', ')}`);
  return PERMISSIONS.filter((p) => list.includes(p));
}

async function mustRole(q: Queryable, id: string) {
  const role = await Q.getRole(q, id);
  if (!role) throw notFound('Role not found');
  return role;
}
async function mustStaff(q: Queryable, id: string) {
  const member = await Q.getStaff(q, id);
  if (!member) throw notFound('Staff member not found');
  return member;
}

export const listRoles = async (q: Queryable) => (await Q.listRoles(q)).map(roleOut);

export function createRole(db: Db, actor: AuthUser, input: { name: string; permissions: string[] }) {
  const name = input.name.trim();
  const permissions = cleanPermissions(input.permissions);
  mayGive(actor, permissions);
  return db.tx(async (q) => {
    if (await Q.roleNamed(q, name, null)) throw conflict('A role with this name exists already');
    const { id } = (await Q.insertRole(q, name, permissions))!;
    await recordAudit(q, { actorId: actor.id, action: 'create', entity: 'role', entityId: id, after: { name, permissions } });
    return roleOut((await Q.getRole(q, id))!);
  });
}

export function updateRole(db: Db, actor: AuthUser, id: string, input: { name: string; permissions: string[] }) {
  const name = input.name.trim();
  const permissions = cleanPermissions(input.permissions);
  return db.tx(async (q) => {
    const role = await mustRole(q, id);
    if (role.key === 'owner' && permissions.length !== PERMISSIONS.length) throw conflict('The Owner role always holds every permission');
    // Changing a role is giving its permissions to everyone who has it, and taking others away.
    mayGive(actor, [...permissions, ...perms(role.permissions)]);
    const mine = (await Q.getStaff(q, actor.id))?.role_id === id;
    if (mine && permissions.some((p) => !role.permissions.includes(p))) throw forbidden(OWN_ROLE);
    if (await Q.roleNamed(q, name, id)) throw conflict('A role with this name exists already');
    await Q.updateRole(q, id, name, permissions);
    await recordChanges(q, { actorId: actor.id, action: 'update', entity: 'role', entityId: id, about: { name: role.name } }, { name: role.name, permissions: perms(role.permissions) }, { name, permissions });
    return roleOut((await Q.getRole(q, id))!);
  });
}

export function deleteRole(db: Db, actor: AuthUser, id: string) {
  return db.tx(async (q) => {
    const role = await mustRole(q, id);
    if (role.key && role.key in BUILT_IN_ROLES) throw conflict('A role the shop starts with cannot be deleted');
    if (Number(role.members) > 0) throw conflict('Give its staff another role first: this role is in use');
    mayGive(actor, perms(role.permissions));
    await Q.deleteRole(q, id);
    await recordAudit(q, { actorId: actor.id, action: 'delete', entity: 'role', entityId: id, before: { name: role.name, permissions: perms(role.permissions) } });
    return { message: 'Role deleted' };
  });
}

export const listStaff = async (q: Queryable) => (await Q.listStaff(q)).map(staffOut);

/** What an e-mail needs of the shop to invite someone. */
export interface InviteMail {
  publicUrl: string;
  seal: (secret: string) => SealedSecret;
}

/**
 * POST /staff: an account with the role and no password, and its set-password link (a reset of purpose
 * 'invite', kept as its hash, good for INVITE_DAYS) e-mailed through the outbox, the token sealed.
 */
export function invite(db: Db, actor: AuthUser, input: { email: string; fullName: string; roleId: string }, mail: InviteMail) {
  const email = input.email.trim();
  const fullName = input.fullName.trim();
  return db.tx(async (q) => {
    const role = await Q.getRole(q, input.roleId);
    if (!role) throw fieldError('roleId', 'No such role');
    mayGive(actor, perms(role.permissions));
    if (await Q.emailTaken(q, email)) throw conflict('An account already uses this e-mail address');
    const { id } = (await Q.insertInvited(q, { fullName, email, roleId: role.id }))!;
    const token = randomBytes(32).toString('base64url');
    const link = (await Q.insertInviteLink(q, id, createHash('sha256').update(token, 'utf8').digest('hex'), new Date(Date.now() + INVITE_DAYS * 86_400_000)))!;
    await enqueueMail(q, {
      to: email,
      key: `staff-invite:${link.id}`,
      message: { kind: 'staff-invite', fullName, invitedBy: actor.fullName, roleName: role.name, setPasswordUrl: `${mail.publicUrl}/reset-password?token=${SECRET_MARK}`, expiresInDays: INVITE_DAYS },
      secret: mail.seal(token),
    });
    await recordAudit(q, { actorId: actor.id, action: 'create', entity: 'staff', entityId: id, after: { fullName, email, role: role.name } });
    return staffOut((await Q.getStaff(q, id))!);
  });
}

/** Refuses a change that would leave no Owner who can act. Called with the Owner role's row held. */
async function keepAnOwner(q: Queryable, member: Q.StaffRow) {
  if (member.role_key === 'owner' && !member.suspended && (await Q.otherActiveOwners(q, member.id)) === 0) throw conflict(LAST_OWNER);
}

/** PATCH /staff/:id: another role, suspended or back. A suspended member's sessions end. */
export function updateStaff(db: Db, actor: AuthUser, id: string, input: { roleId?: string; suspended?: boolean }) {
  return db.tx(async (q) => {
    await Q.lockOwners(q);
    const member = await mustStaff(q, id);
    const self = member.id === actor.id;
    const role = input.roleId !== undefined ? ((await Q.getRole(q, input.roleId)) ?? null) : null;
    if (input.roleId !== undefined && !role) throw fieldError('roleId', 'No such role');
    const roleChanges = role !== null && role.id !== member.role_id;
    if (self && roleChanges) throw forbidden(OWN_ROLE);
    if (self && input.suspended) throw forbidden('You cannot suspend yourself.');
    mayGive(actor, [...perms(member.permissions), ...perms(role?.permissions ?? [])]);
    if ((roleChanges && role!.key !== 'owner') || (input.suspended && !member.suspended)) await keepAnOwner(q, member);
    if (roleChanges) await Q.setStaffRole(q, id, role!.id);
    if (input.suspended !== undefined && input.suspended !== member.suspended) {
      await Q.setSuspended(q, id, input.suspended);
      if (input.suspended) await revokeSessionsBut(q, id, null);
    }
    const after = (await Q.getStaff(q, id))!;
    await recordChanges(
      q,
      { actorId: actor.id, action: 'update', entity: 'staff', entityId: id, about: { fullName: member.full_name, email: member.email } },
      { role: member.role_name, suspended: member.suspended },
      { role: after.role_name, suspended: after.suspended },
    );
    return staffOut(after);
  });
}

/** DELETE /staff/:id: out of the back office (a customer account again); its sessions end. */
export function removeStaff(db: Db, actor: AuthUser, id: string) {
  return db.tx(async (q) => {
    await Q.lockOwners(q);
    const member = await mustStaff(q, id);
    if (member.id === actor.id) throw forbidden('You cannot remove yourself from the staff.');
    mayGive(actor, perms(member.permissions));
    await keepAnOwner(q, member);
    await Q.removeFromStaff(q, id);
    await revokeSessionsBut(q, id, null);
    await recordAudit(q, { actorId: actor.id, action: 'delete', entity: 'staff', entityId: id, before: { fullName: member.full_name, email: member.email, role: member.role_name } });
    return { message: 'Removed from the staff' };
  });
}

/** POST /staff/:id/2fa/reset (the super admin): two-factor sign-in off, every session ended, the member told. */
export function resetTwoFactor(db: Db, actor: AuthUser, id: string) {
  return db.tx(async (q) => {
    const member = await mustStaff(q, id);
    if (!member.two_factor) throw conflict('Two-factor sign-in is not on for this staff member');
    await disableTotp(q, id);
    await revokeSessionsBut(q, id, null);
    await enqueueMail(q, { to: member.email, key: `two-factor-reset:${id}:${Date.now()}`, message: { kind: 'two-factor-reset', fullName: member.full_name, resetBy: actor.fullName } });
    await recordAudit(q, { actorId: actor.id, action: 'update', entity: 'staff', entityId: id, before: { email: member.email, twoFactor: true }, after: { twoFactor: false } });
    return { message: 'Two-factor sign-in was reset; the staff member has been told' };
  });
}
