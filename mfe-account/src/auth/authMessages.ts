import { apiErrorMessage, apiStatus } from '@shop/shared';

/** SPEC §5 and §8, verbatim. */
export const MESSAGES = {
  loginRequired: 'Please enter your username and password',
  invalidCredentials: 'Invalid credentials. Please try again.',
  serverError: 'Internal server error',
  invalidPassword: 'Please enter a valid password',
  userExists: 'User already exists with email or contact',
  registerFailed: 'Failed to register. Please try again.',
  loginSuccess: 'Login successful!',
  registerSuccess: 'Registration successful!',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

/** Too many attempts (the server's rate limit) is said as the server says it. */
const tooMany = (error: unknown) => (apiStatus(error) === 429 ? apiErrorMessage(error) : null);
/** No answer at all, or a server fault: no token came back. */
const noAnswer = (error: unknown) => {
  const status = apiStatus(error);
  return status === undefined || status >= 500;
};

export function loginErrorMessage(error: unknown): string {
  if (noAnswer(error)) return MESSAGES.serverError;
  return tooMany(error) ?? MESSAGES.invalidCredentials;
}

export function registerErrorMessage(error: unknown): string {
  if (apiErrorMessage(error, '') === 'User already exists') return MESSAGES.userExists;
  return tooMany(error) ?? MESSAGES.registerFailed;
}
