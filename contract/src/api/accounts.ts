// Accounts (register, sign in, the caller's profile and addresses), the admin's users, the outbox,
// the contact form and the audit log.
import { Type } from '@sinclair/typebox';
import { AUDIT_ENTITIES } from '../audit';
import { CONTACT_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password';
import { endpoint } from './endpoint';
import { literals } from './search';
import { Address, AuditEntry, ContactMessage, Discount, OutboxMail, OutboxMailDetails, Person, Role, User, UserDetails } from './shapes';
import { AnswerId, Id, IdParam, Message, NoContent, NonBlank, Nullable, Paginated, PageQuery, PagingQuery, Text } from './schema';

const FullName = NonBlank(100);
const Email = Type.String({ format: 'email', maxLength: 200 });
const Contact = Type.String({ pattern: CONTACT_PATTERN });
/** A new password: the length of the rule (password.ts); the most used ones are refused by the service. */
const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
export const RegisterBody = Type.Object({ fullName: FullName, email: Email, contact: Contact, password: Password, confirmPassword: Type.Optional(Type.String({ maxLength: 200 })) });
export const LoginBody = Type.Object({ uid: NonBlank(200), password: Type.String({ minLength: 1, maxLength: 200 }), rememberMe: Type.Optional(Type.Boolean()) });
const session = { token: Type.String(), isSuperAdmin: Type.Boolean(), role: Role, _id: Type.Optional(AnswerId) };
export const LoginAnswer = Type.Object({ ...session, fullName: Type.String() });
export const RegisterAnswer = Type.Object({ ...session, name: Type.String() });
export const Profile = Type.Object({ _id: AnswerId, fullName: Type.String(), email: Type.String(), contact: Type.String(), role: Role, isSuperAdmin: Type.Boolean() });
/** A postal address as POST/PUT /user/addresses take it; POST /order derives its shippingAddress from it. */
export const AddressBody = Type.Object({
  fullName: Type.Optional(Text(100)),
  line1: NonBlank(200),
  line2: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  city: NonBlank(100),
  state: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  postalCode: Type.Union([Type.String({ pattern: '^\\s*\\d{1,12}\\s*$' }), Type.Integer({ minimum: 0, maximum: 999999999999 })]),
  country: NonBlank(100),
});
// The schema only bounds the work (strings, not too long); the form's own rules (trimmed lengths, an
// e-mail's shape) are checked in code with the contract's checkContact, the browser's check, so both
// sides refuse the same things with the same words.
export const ContactBody = Type.Object(
  { name: Type.String({ maxLength: 1000 }), email: Type.String({ maxLength: 1000 }), message: Type.String({ maxLength: 20000 }) },
  { additionalProperties: false },
);
const auditTime = Type.String({ maxLength: 40, description: 'ISO date-time (or date); both bounds are included' });
export const AuditLogQuery = Type.Object(
  {
    ...PagingQuery(20).properties,
    actor: Type.Optional(Type.String({ ...Id, description: 'The id of the admin who made the change' })),
    entity: Type.Optional(literals(AUDIT_ENTITIES)),
    from: Type.Optional(auditTime),
    to: Type.Optional(auditTime),
  },
  { additionalProperties: false },
);

const accounts = ['accounts'];
const users = ['users'];
const UserPage = Paginated(User);
const DiscountBody = Type.Object({ discountId: Id });

export const accountEndpoints = {
  register: endpoint({ method: 'POST', path: '/user/register', access: 'anyone', tags: accounts, body: RegisterBody, answers: { 201: RegisterAnswer } }),
  login: endpoint({ method: 'POST', path: '/user/login', access: 'anyone', tags: accounts, body: LoginBody, answers: { 200: LoginAnswer } }),
  logout: endpoint({ method: 'POST', path: '/user/logout', access: 'customer', tags: accounts, summary: 'Ends the session of the token sent', answers: { 204: NoContent } }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/user/forgot-password',
    access: 'anyone',
    tags: accounts,
    summary: 'E-mails a single-use reset link to an account with this address; the same 202 for any address',
    body: Type.Object({ email: Email }),
    answers: { 202: Message },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/user/reset-password',
    access: 'anyone',
    tags: accounts,
    summary: 'Sets a new password with a reset link; every session of the account ends',
    body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }),
    answers: { 200: Message },
  }),
  myProfile: endpoint({ method: 'GET', path: '/user/me', access: 'customer', tags: accounts, summary: "The caller's profile", answers: { 200: Profile } }),
  updateMyProfile: endpoint({
    method: 'PUT',
    path: '/user/me',
    access: 'customer',
    tags: accounts,
    summary: 'Changes full name and contact',
    body: Type.Object({ fullName: FullName, contact: Contact }),
    answers: { 200: Profile },
  }),
  changeMyPassword: endpoint({
    method: 'PUT',
    path: '/user/me/password',
    access: 'customer',
    tags: accounts,
    summary: 'Changes the password; every other session ends',
    body: Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Password }),
    answers: { 200: Message },
  }),
  myDiscounts: endpoint({ method: 'POST', path: '/user/getUserDiscounts', access: 'customer', tags: accounts, summary: "The caller's discounts", answers: { 200: Type.Object({ discounts: Type.Array(Discount) }) } }),
  myAddresses: endpoint({ method: 'GET', path: '/user/addresses', access: 'customer', tags: accounts, answers: { 200: Type.Array(Address) } }),
  addAddress: endpoint({ method: 'POST', path: '/user/addresses', access: 'customer', tags: accounts, body: AddressBody, answers: { 201: Address } }),
  updateAddress: endpoint({ method: 'PUT', path: '/user/address/:id', access: 'customer', tags: accounts, params: IdParam, body: AddressBody, answers: { 200: Address } }),
  deleteAddress: endpoint({ method: 'DELETE', path: '/user/address/:id', access: 'customer', tags: accounts, params: IdParam, answers: { 200: Message } }),

  searchUsers: endpoint({ method: 'POST', path: '/user', access: 'admin', tags: users, summary: 'Search users by name/email', query: PageQuery(5), answers: { 200: UserPage } }),
  deletedUsers: endpoint({ method: 'POST', path: '/user/deleted', access: 'admin', tags: users, summary: 'Deleted users', query: PageQuery(5), answers: { 200: UserPage } }),
  user: endpoint({ method: 'GET', path: '/user/:id', access: 'admin', tags: users, params: IdParam, answers: { 200: UserDetails } }),
  deleteUser: endpoint({ method: 'DELETE', path: '/user/:id', access: 'superAdmin', tags: users, params: IdParam, answers: { 200: Message } }),
  restoreUser: endpoint({
    method: 'POST',
    path: '/user/:id/restore',
    access: 'superAdmin',
    tags: users,
    summary: 'Restore a deleted user (super admin): the account can log in again',
    params: IdParam,
    answers: { 200: User },
  }),
  changeRole: endpoint({ method: 'PUT', path: '/user/:id/change-role', access: 'superAdmin', tags: users, params: IdParam, body: Type.Object({ newRole: Role }), answers: { 200: User } }),
  addDiscountToUser: endpoint({ method: 'PATCH', path: '/user/:id/addDiscountToUser', access: 'admin', tags: users, params: IdParam, body: DiscountBody, answers: { 200: User } }),
  removeDiscountFromUser: endpoint({ method: 'PATCH', path: '/user/:id/removeDiscount', access: 'admin', tags: users, params: IdParam, body: DiscountBody, answers: { 200: User } }),

  mails: endpoint({ method: 'GET', path: '/mail', access: 'admin', tags: ['mail'], summary: 'E-mails sent or waiting, newest first (admin)', query: PagingQuery(20), answers: { 200: Paginated(OutboxMail) } }),
  mail: endpoint({ method: 'GET', path: '/mail/:id', access: 'admin', tags: ['mail'], summary: 'One e-mail with its HTML and text (admin)', params: IdParam, answers: { 200: OutboxMailDetails } }),

  sendContactMessage: endpoint({
    method: 'POST',
    path: '/contact',
    access: 'anyone',
    tags: ['contact'],
    summary: 'Send the shop a message (the contact form); a copy goes to the sender',
    body: ContactBody,
    answers: { 202: Message },
  }),
  contactMessages: endpoint({
    method: 'GET',
    path: '/contact',
    access: 'admin',
    tags: ['contact'],
    summary: 'Contact messages, newest first (admin)',
    query: PagingQuery(20),
    answers: { 200: Paginated(ContactMessage) },
  }),
  markContactMessage: endpoint({
    method: 'PATCH',
    path: '/contact/:id',
    access: 'admin',
    tags: ['contact'],
    summary: 'Mark a contact message read or unread (admin)',
    params: IdParam,
    body: Type.Object({ read: Type.Boolean() }, { additionalProperties: false }),
    answers: { 200: ContactMessage },
  }),

  auditLog: endpoint({
    method: 'GET',
    path: '/audit-log',
    access: 'admin',
    tags: ['audit'],
    summary: 'Who changed what in the back office, newest first (admin)',
    query: AuditLogQuery,
    answers: { 200: Paginated(AuditEntry) },
  }),
  auditActors: endpoint({
    method: 'GET',
    path: '/audit-log/actors',
    access: 'admin',
    tags: ['audit'],
    summary: "The people who have entries, by name (the page's person filter; admin)",
    answers: { 200: Type.Array(Person) },
  }),
};
