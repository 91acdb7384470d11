// The contact form (issue 18) and the admin's views of what the shop has received and sent: the
// form's rules, checked the same way in the browser (before sending) and by the API (before storing),
// the wire types of the admin's Messages and Emails pages, and the texts both sides show.

/** POST /contact */
export interface ContactBody {
  name: string;
  email: string;
  message: string;
}

/** Longest accepted values, after trimming. An e-mail address is at most 254 characters (RFC 5321's path limit). */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * An e-mail address's shape: a dot-atom local part, a domain of dot-separated labels ending in a
 * 2+-letter top level. Deliberately narrower than RFC 5322 (no quoted local parts, comments, spaces,
 * commas or angle brackets): the address goes into a To and a Reply-To header, where any of those could
 * name a second recipient.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const isEmailAddress = (text: string): boolean => text.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(text);

export type ContactErrors = Partial<Record<keyof ContactBody, string>>;

export const CONTACT_ERRORS = {
  name: 'Please enter your name.',
  nameLong: `Your name must be at most ${CONTACT_LIMITS.name} characters.`,
  email: 'Please enter a valid e-mail address.',
  message: 'Please write a message.',
  messageLong: `Your message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`,
} as const;

/**
 * The form's values trimmed, and what is wrong with each (an empty `errors`: it may be sent). Anything
 * that is not a string counts as empty.
 */
export function checkContact(input: Partial<Record<keyof ContactBody, unknown>>): { value: ContactBody; errors: ContactErrors } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const value: ContactBody = { name: text(input.name), email: text(input.email), message: text(input.message) };
  const errors: ContactErrors = {};
  if (!value.name) errors.name = CONTACT_ERRORS.name;
  else if (value.name.length > CONTACT_LIMITS.name) errors.name = CONTACT_ERRORS.nameLong;
  if (!isEmailAddress(value.email)) errors.email = CONTACT_ERRORS.email;
  if (!value.message) errors.message = CONTACT_ERRORS.message;
  else if (value.message.length > CONTACT_LIMITS.message) errors.message = CONTACT_ERRORS.messageLong;
  return { value, errors };
}

/** The contact form's feedback (SPEC §8's pending / success / error style; SPEC has none for this form). */
export const CONTACT_TOASTS = {
  pending: 'Sending your message...',
  success: 'Message sent! We will answer you by e-mail soon.',
  error: 'Failed to send your message. Please try again.',
} as const;

/** A contact message as the admin's Messages page lists it (GET /contact, PATCH /contact/{id}). */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  read: boolean;
  createdAt: string;
}

/** PATCH /contact/{id} */
export interface ContactReadBody {
  read: boolean;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One e-mail of the outbox as GET /mail lists it (the admin's Emails page). */
export interface OutboxMail {
  _id: string;
  /** Which message it is: 'order-confirmation', 'order-status', 'welcome', 'password-reset', 'contact-shop', 'contact-copy', 'review-request'. */
  kind: string;
  to: string;
  /** Known once it was rendered (sent). */
  subject: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** GET /mail/{id}: one e-mail with what was sent (html and text are null until it is sent). */
export interface OutboxMailDetails extends OutboxMail {
  replyTo: string | null;
  html: string | null;
  text: string | null;
}
