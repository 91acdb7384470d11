// Issue 38: the rule a new password must pass, the same on the server (register, reset, change) and in
// the forms. Existing passwords (the demo's customer123, admin12345) still sign in: the rule is asked
// of new ones only. NIST SP 800-63B's advice: a length, and no password from a list of the most used.

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * The most used passwords of ten characters or more (the shorter ones are refused by the length),
 * from the public breach lists' heads (NCSC's top 100,000, SecLists' 10k-most-common), lowercase.
 */
const COMMON = [
  '1234567890', '0123456789', '12345678910', '123456789a', 'a123456789', '1q2w3e4r5t', 'q1w2e3r4t5', '1qaz2wsx3edc', 'qwertyuiop',
  'asdfghjkl;', 'zxcvbnm123', 'qwerty1234', 'qwerty12345', 'qwerty123456', '1234qwerty', 'password12', 'password123', 'password1234',
  'password01', 'password!', 'password1!', 'passw0rd123', 'p@ssw0rd123', 'p@ssword123', 'iloveyou123', 'iloveyou12', 'princess123',
  'football123', 'baseball123', 'basketball', 'basketball1', 'football12', 'superman123', 'batman1234', 'starwars123', 'sunshine123',
  'welcome123', 'welcome1234', 'letmein123', 'abc1234567', 'abcdefghij', 'abcd123456', 'abcdef1234', 'administrator', 'admin12345',
  'admin123456', 'changeme123', 'trustno1234', 'michael123', 'jennifer123', 'monkey1234', 'dragon1234', 'master1234', 'shadow1234',
  'computer123', 'whatever123', 'chocolate1', 'butterfly1', 'liverpool1', 'liverpool123', 'christopher', 'elizabeth1', 'blink182blink',
  'motdepasse', 'motdepasse1', 'motdepasse123', 'azertyuiop', 'azerty1234', 'azerty123456', 'soleil1234', 'doudou1234', 'customer123',
  '1111111111', '0000000000', '2222222222', '5555555555', '9999999999', '1212121212', '1234512345', '1234554321', '0987654321',
  '9876543210', 'aaaaaaaaaa', 'qqqqqqqqqq', 'qazwsxedcrfv', 'zaq12wsxcde', '123qweasdzxc', 'qweasdzxc123', '1q2w3e4r5t6y', 'jewelry123',
];
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON);

export type PasswordProblem = 'short' | 'common' | 'long';

/** What is wrong with a new password, or null when it passes the rule. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'long';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'common';
  return null;
}

/** The words beside the field (English; the server's field errors carry them too). */
export const PASSWORD_WORDS: Record<PasswordProblem, string> = {
  short: `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  long: `Use at most ${MAX_PASSWORD_LENGTH} characters`,
  common: 'This password is one of the most used: choose another',
};

/**
 * A 400's body when fields are wrong: the message (the first problem) and each field's words, by the
 * field's name in the request ({ email: 'Enter a valid email address' }).
 */
export interface FieldErrorsBody {
  message: string;
  fields?: Record<string, string>;
}

/** A contact number as registration takes it (digits, spaces, + ( ) -), the schema's and the form's. */
export const CONTACT_PATTERN = '^\\s*\\+?[0-9 ()-]{5,20}\\s*$';
