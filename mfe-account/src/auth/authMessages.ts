import { apiErrorMessage, apiStatus, CONTACT_PATTERN, MIN_PASSWORD_LENGTH, PASSWORD_WORDS, passwordProblem } from '@shop/shared';

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

export { MIN_PASSWORD_LENGTH };

/** Issue 38: the words beside each field of the account forms. */
export const FIELD_WORDS = {
  fullName: 'Enter your full name',
  email: 'Enter a valid email address',
  contact: 'Enter a valid contact number (digits, spaces, + ( ) -)',
  mismatch: 'The two passwords do not match',
} as const;

/** What is wrong with a new password and its confirmation, by field (the server's rule: contract password.ts). */
export function newPasswordErrors(password: string, confirmPassword: string): { password?: string; confirmPassword?: string } {
  const problem = passwordProblem(password);
  if (problem) return { password: PASSWORD_WORDS[problem] };
  return password === confirmPassword ? {} : { confirmPassword: FIELD_WORDS.mismatch };
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

export function loginErrorMessage(error: unknown): string {
  if (noAnswer(error)) return MESSAGES.serverError;
  return tooMany(error) ?? MESSAGES.invalidCredentials;
}

export function registerErrorMessage(error: unknown): string {
  if (apiErrorMessage(error, '') === 'User already exists') return MESSAGES.userExists;
  return tooMany(error) ?? MESSAGES.registerFailed;
}
