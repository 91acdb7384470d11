// Accounts (register, sign in, the caller's profile and addresses), the admin's users, the outbox,
// the contact form and the audit log.
import { Type } from '@sinclair/typebox';
import { COUNTRY_CODE_PATTERN } from '../countries';
import { AUDIT_ENTITIES } from '../audit';
import { CONTACT_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password';
import { RECOVERY_CODE_PATTERN } from '../staff';
import { endpoint } from './endpoint';
import { literals } from './search';
import { Address, AuditEntry, ContactMessage, Discount, OutboxMail, OutboxMailDetails, Permissions, Person, Role, SignInSession, User, UserDetails } from './shapes';
import { AnswerId, Id, IdParam, Message, NoContent, NonBlank, Nullable, Paginated, PageQuery, PagingQuery, Text } from './schema';

const FullName = NonBlank(100);
const Email = Type.String({ format: 'email', maxLength: 200 });
const Contact = Type.String({ pattern: CONTACT_PATTERN });
/** A new password: the length of the rule (password.ts); the most used ones are refused by the service. */
const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
export const RegisterBody = Type.Object({ fullName: FullName, email: Email, contact: Contact, password: Password, confirmPassword: Type.Optional(Type.String({ maxLength: 200 })) });
export const LoginBody = Type.Object({ uid: NonBlank(200), password: Type.String({ minLength: 1, maxLength: 200 }), rememberMe: Type.Optional(Type.Boolean()) });
/** Issue 42: every answer about the signed-in user carries `permissions` (a customer's: none) beside the spec's role and isSuperAdmin. */
const session = { token: Type.String(), isSuperAdmin: Type.Boolean(), role: Role, _id: Type.Optional(AnswerId), permissions: Permissions };
export const LoginAnswer = Type.Object({
  ...session,
  fullName: Type.String(),
  twoFactorSetupRequired: Type.Optional(Type.Boolean({ description: 'ADMIN_2FA_REQUIRED: this staff member must set up two-factor sign-in before anything else' })),
});
/** Issue 42: the password was right and the account has two-factor sign-in: no session yet, the code goes with the challenge to POST /user/login/2fa. */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  challenge: Type.String({ description: 'short-lived (5 minutes), single-use' }),
});
export const RegisterAnswer = Type.Object({ ...session, name: Type.String() });
export const Profile = Type.Object({
  _id: AnswerId,
  fullName: Type.String(),
  email: Type.String(),
  contact: Type.String(),
  role: Role,
  isSuperAdmin: Type.Boolean(),
  permissions: Permissions,
  twoFactor: Type.Boolean({ description: 'two-factor sign-in is on' }),
  twoFactorRequired: Type.Boolean({ description: 'ADMIN_2FA_REQUIRED and a staff account: two-factor sign-in must be on before anything else in the back office' }),
  recoveryCodesLeft: Type.Integer({ description: 'unused recovery codes (0 without two-factor sign-in)' }),
});
const TotpCode = Type.String({ pattern: '^\\s*\\d{6}\\s*$', description: 'the 6 digits the authenticator app shows' });
const RecoveryCode = Type.String({ pattern: RECOVERY_CODE_PATTERN.replace('^', '^\\s*').replace('$', '\\s*$'), description: 'one of the recovery codes, xxxxx-xxxxx' });
/** A code of the app or a recovery code (turning off, new recovery codes). */
const AnyCode = Type.String({ minLength: 6, maxLength: 20, description: 'a code of the authenticator app, or a recovery code' });
const CurrentPassword = Type.String({ minLength: 1, maxLength: 200 });
const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String(), { description: 'shown once: keep them somewhere safe; each works once' }) });
/** A postal address as POST/PUT /user/addresses take it; POST /order derives its shippingAddress from it. */
export const AddressBody = Type.Object({
  fullName: Type.Optional(Text(100)),
  line1: NonBlank(200),
  line2: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  city: NonBlank(100),
  state: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  postalCode: Type.Union([Type.String({ pattern: '^\\s*\\d{1,12}\\s*$' }), Type.Integer({ minimum: 0, maximum: 999999999999 })]),
  country: NonBlank(100),
  /** Issue 39: the country's ISO 3166-1 code (contract COUNTRIES), stored beside the name; absent: read from country. */
  countryCode: Type.Optional(Nullable(Type.String({ pattern: COUNTRY_CODE_PATTERN }))),
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
  login: endpoint({
    method: 'POST',
    path: '/user/login',
    access: 'anyone',
    tags: accounts,
    summary: 'Signs in; an account with two-factor sign-in gets a challenge instead (issue 42), then POST /user/login/2fa',
    body: LoginBody,
    answers: { 200: Type.Union([LoginAnswer, TwoFactorChallenge]) },
  }),
  loginTwoFactor: endpoint({
    method: 'POST',
    path: '/user/login/2fa',
    access: 'anyone',
    tags: accounts,
    summary: "The sign-in's second step: the challenge with the app's code or a recovery code (each once); failures count with the login limits",
    body: Type.Object({ challenge: Type.String({ minLength: 1, maxLength: 200 }), code: Type.Optional(TotpCode), recoveryCode: Type.Optional(RecoveryCode) }),
    answers: { 200: LoginAnswer },
  }),
  twoFactorSetup: endpoint({
    method: 'POST',
    path: '/user/me/2fa/setup',
    access: 'customer',
    tags: accounts,
    summary: "Starts two-factor sign-in: a new secret for the authenticator app (as text, URL and QR code); it is on once a code confirms it",
    answers: { 200: Type.Object({ secret: Type.String(), otpauthUrl: Type.String(), qrSvg: Type.String({ description: 'an SVG document' }) }) },
  }),
  twoFactorConfirm: endpoint({
    method: 'POST',
    path: '/user/me/2fa/confirm',
    access: 'customer',
    tags: accounts,
    summary: 'Turns two-factor sign-in on with a code of the new secret; answers the 10 recovery codes, shown this once',
    body: Type.Object({ code: TotpCode }),
    answers: { 200: RecoveryCodes },
  }),
  twoFactorDisable: endpoint({
    method: 'DELETE',
    path: '/user/me/2fa',
    access: 'customer',
    tags: accounts,
    summary: 'Turns two-factor sign-in off, with the password and a code',
    body: Type.Object({ password: CurrentPassword, code: AnyCode }),
    answers: { 200: Message },
  }),
  twoFactorRecoveryCodes: endpoint({
    method: 'POST',
    path: '/user/me/2fa/recovery-codes',
    access: 'customer',
    tags: accounts,
    summary: 'New recovery codes (the old ones stop working), with the password and a code',
    body: Type.Object({ password: CurrentPassword, code: AnyCode }),
    answers: { 200: RecoveryCodes },
  }),
  mySessions: endpoint({
    method: 'GET',
    path: '/user/me/sessions',
    access: 'customer',
    tags: accounts,
    summary: 'Every signed-in session of the account, the one asking first, then the last seen first',
    answers: { 200: Type.Array(SignInSession) },
  }),
  endMySession: endpoint({ method: 'DELETE', path: '/user/me/sessions/:id', access: 'customer', tags: accounts, summary: 'Ends one session of the account', params: IdParam, answers: { 204: NoContent } }),
  endOtherSessions: endpoint({
    method: 'DELETE',
    path: '/user/me/sessions',
    access: 'customer',
    tags: accounts,
    summary: 'Ends every session of the account but the one asking',
    answers: { 200: Type.Object({ ended: Type.Integer() }) },
  }),
  endSessionByLink: endpoint({
    method: 'GET',
    path: '/user/sessions/end',
    access: 'anyone',
    tags: accounts,
    summary: "The new-device e-mail's link: ends the session that signed in",
    query: Type.Object({ token: Type.String({ maxLength: 1000 }) }),
    answers: { 200: Type.String({ description: 'a page for a person', contentMediaType: 'text/html' }), 400: Message },
  }),
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

  searchUsers: endpoint({ method: 'POST', path: '/user', access: 'admin', permission: 'customers', tags: users, summary: 'Search users by name/email', query: PageQuery(5), answers: { 200: UserPage } }),
  deletedUsers: endpoint({ method: 'POST', path: '/user/deleted', access: 'admin', permission: 'customers', tags: users, summary: 'Deleted users', query: PageQuery(5), answers: { 200: UserPage } }),
  user: endpoint({ method: 'GET', path: '/user/:id', access: 'admin', permission: 'customers', tags: users, params: IdParam, answers: { 200: UserDetails } }),
  deleteUser: endpoint({ method: 'DELETE', path: '/user/:id', access: 'admin', permission: 'staff', tags: users, params: IdParam, answers: { 200: Message } }),
  restoreUser: endpoint({
    method: 'POST',
    path: '/user/:id/restore',
    access: 'admin', permission: 'staff',
    tags: users,
    summary: 'Restore a deleted user (super admin): the account can log in again',
    params: IdParam,
    answers: { 200: User },
  }),
  changeRole: endpoint({ method: 'PUT', path: '/user/:id/change-role', access: 'admin', permission: 'staff', tags: users, params: IdParam, body: Type.Object({ newRole: Role }), answers: { 200: User } }),
  addDiscountToUser: endpoint({ method: 'PATCH', path: '/user/:id/addDiscountToUser', access: 'admin', permission: 'customers', tags: users, params: IdParam, body: DiscountBody, answers: { 200: User } }),
  removeDiscountFromUser: endpoint({ method: 'PATCH', path: '/user/:id/removeDiscount', access: 'admin', permission: 'customers', tags: users, params: IdParam, body: DiscountBody, answers: { 200: User } }),

  mails: endpoint({ method: 'GET', path: '/mail', access: 'admin', permission: 'content', tags: ['mail'], summary: 'E-mails sent or waiting, newest first (admin)', query: PagingQuery(20), answers: { 200: Paginated(OutboxMail) } }),
  mail: endpoint({ method: 'GET', path: '/mail/:id', access: 'admin', permission: 'content', tags: ['mail'], summary: 'One e-mail with its HTML and text (admin)', params: IdParam, answers: { 200: OutboxMailDetails } }),

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
    access: 'admin', permission: 'content',
    tags: ['contact'],
    summary: 'Contact messages, newest first (admin)',
    query: PagingQuery(20),
    answers: { 200: Paginated(ContactMessage) },
  }),
  markContactMessage: endpoint({
    method: 'PATCH',
    path: '/contact/:id',
    access: 'admin', permission: 'content',
    tags: ['contact'],
    summary: 'Mark a contact message read or unread (admin)',
    params: IdParam,
    body: Type.Object({ read: Type.Boolean() }, { additionalProperties: false }),
    answers: { 200: ContactMessage },
  }),

  auditLog: endpoint({
    method: 'GET',
    path: '/audit-log',
    access: 'admin', permission: 'audit',
    tags: ['audit'],
    summary: 'Who changed what in the back office, newest first (admin)',
    query: AuditLogQuery,
    answers: { 200: Paginated(AuditEntry) },
  }),
  auditActors: endpoint({
    method: 'GET',
    path: '/audit-log/actors',
    access: 'admin', permission: 'audit',
    tags: ['audit'],
    summary: "The people who have entries, by name (the page's person filter; admin)",
    answers: { 200: Type.Array(Person) },
  }),
};
