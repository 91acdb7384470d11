import { apiErrorMessage, apiStatus, type PasswordProblem } from '@shop/shared';
import type { AccountKey } from '../messages';
import { CONTACT_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '@shop/shared/src/contract';

/** SPEC §5 and §8: their keys in the catalogue (../messages, English verbatim). */
export const MESSAGES = {
  loginRequired: 'auth.loginRequired',
  invalidCredentials: 'auth.invalidCredentials',
  serverError: 'auth.serverError',
  invalidPassword: 'auth.invalidPassword',
  userExists: 'auth.userExists',
  registerFailed: 'auth.registerFailed',
  loginSuccess: 'auth.loginSuccess',
  registerSuccess: 'auth.registerSuccess',
} as const;

export { MIN_PASSWORD_LENGTH };

/** Issue 38: the words beside each field of the account forms, their keys in the catalogue. */
export const FIELD_WORDS = {
  fullName: 'field.fullName',
  email: 'field.email',
  contact: 'field.contact',
  mismatch: 'field.mismatch',
} as const;

/** The contract's password problems (PASSWORD_WORDS in English) as catalogue keys. */
const PASSWORD_KEYS: Record<PasswordProblem, AccountKey> = { short: 'password.short', long: 'password.long', common: 'password.common' };

type T = (key: AccountKey, values?: Record<string, string | number>) => string;

/** What is wrong with a new password and its confirmation, by field (the server's rule: contract password.ts). */
export function newPasswordErrors(password: string, confirmPassword: string, t: T): { password?: string; confirmPassword?: string } {
  const problem = passwordProblem(password);
  if (problem) return { password: t(PASSWORD_KEYS[problem], { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }) };
  return password === confirmPassword ? {} : { confirmPassword: t(FIELD_WORDS.mismatch) };
}

// The server's own check of an address (ajv's email format) wants a dot in the domain: test@bad is refused here first.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CONTACT = new RegExp(CONTACT_PATTERN);
export const isEmail = (text: string) => EMAIL.test(text.trim());
export const isContact = (text: string) => CONTACT.test(text);

/** Too many attempts (the server's rate limit) is said as the server says it. */
const tooMany = (error: unknown) => (apiStatus(error) === 429 ? apiErrorMessage(error) : null);
/** No answer at all, or a server fault: no token came back. */
const noAnswer = (error: unknown) => {
  const status = apiStatus(error);
  return status === undefined || status >= 500;
};

/** What to say of a failed login: ours in the page's language (t), or the server's own words for a 429. */
export function loginErrorMessage(error: unknown, t: (key: AccountKey) => string): string {
  if (noAnswer(error)) return t(MESSAGES.serverError);
  return tooMany(error) ?? t(MESSAGES.invalidCredentials);
}

export function registerErrorMessage(error: unknown, t: (key: AccountKey) => string): string {
  // The register's only 409 (its words come in the page's language since issue 37, so the status tells it).
  if (apiStatus(error) === 409) return t(MESSAGES.userExists);
  return tooMany(error) ?? t(MESSAGES.registerFailed);
}
