import { apiErrorMessage, apiStatus } from '@shop/shared';
import type { AccountKey } from '../messages';

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

export const MIN_PASSWORD_LENGTH = 8;

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
  if (apiErrorMessage(error, '') === 'User already exists') return t(MESSAGES.userExists);
  return tooMany(error) ?? t(MESSAGES.registerFailed);
}
