// Staff and roles (issue 42): who works in the back office, with which role, and the roles themselves
// (named sets of permissions). The 'staff' permission's (the Owners', by default).
import { Type } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { StaffMember, StaffRole } from './shapes';
import { Id, IdParam, Message, NonBlank } from './schema';

const tags = ['staff'];
const RoleBody = Type.Object({ name: NonBlank(60), permissions: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }) }, { additionalProperties: false });
const StaffInvite = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 200 }), fullName: NonBlank(100), roleId: Id },
  { additionalProperties: false },
);
const StaffChange = Type.Object({ roleId: Type.Optional(Id), suspended: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

export const staffEndpoints = {
  roles: endpoint({ method: 'GET', path: '/roles', access: 'admin', permission: 'staff', tags, summary: "The shop's roles, built-in first", answers: { 200: Type.Array(StaffRole) } }),
  createRole: endpoint({
    method: 'POST',
    path: '/roles',
    access: 'admin',
    permission: 'staff',
    tags,
    summary: 'A new role: a name and its permissions (an unknown permission is refused)',
    body: RoleBody,
    answers: { 201: StaffRole },
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/roles/:id',
    access: 'admin',
    permission: 'staff',
    tags,
    summary: "Renames a role or changes its permissions (the Owner role's are all, always)",
    params: IdParam,
    body: RoleBody,
    answers: { 200: StaffRole },
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/roles/:id',
    access: 'admin',
    permission: 'staff',
    tags,
    summary: 'Deletes a role no one has (a built-in one stays)',
    params: IdParam,
    answers: { 200: Message },
  }),
  staff: endpoint({ method: 'GET', path: '/staff', access: 'admin', permission: 'staff', tags, summary: 'Every staff member with their role', answers: { 200: Type.Array(StaffMember) } }),
  inviteStaff: endpoint({
    method: 'POST',
    path: '/staff',
    access: 'admin',
    permission: 'staff',
    tags,
    summary: 'Invites a staff member by e-mail: a set-password link goes through the outbox',
    body: StaffInvite,
    answers: { 201: StaffMember },
  }),
  updateStaff: endpoint({
    method: 'PATCH',
    path: '/staff/:id',
    access: 'admin',
    permission: 'staff',
    tags,
    summary: "Gives a staff member another role, suspends or reinstates them (never one's own role; the last Owner stays)",
    params: IdParam,
    body: StaffChange,
    answers: { 200: StaffMember },
  }),
  removeStaff: endpoint({
    method: 'DELETE',
    path: '/staff/:id',
    access: 'admin',
    permission: 'staff',
    tags,
    summary: 'Removes a staff member from the back office (the account stays a customer one; the last Owner stays)',
    params: IdParam,
    answers: { 200: Message },
  }),
  resetStaffTwoFactor: endpoint({
    method: 'POST',
    path: '/staff/:id/2fa/reset',
    access: 'superAdmin',
    permission: 'staff',
    tags,
    summary: "The super admin turns a staff member's two-factor sign-in off (audited, e-mailed to them; their sessions end)",
    params: IdParam,
    answers: { 200: Message },
  }),
};

