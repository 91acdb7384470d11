import { apiErrorMessage, apiStatus } from '@shop/shared';

/**
 * An error toast in SPEC's words, with the server's reason after it when it refused the request (a 4xx
 * with a { message }): 'Failed to Add Currency. A currency with code CHF already exists.' (issue 19).
 * A server error, a lost connection or a signed-out session (401) keeps SPEC's text alone.
 */
export function withReason(text: string, error: unknown): string {
  const status = apiStatus(error);
  if (status === undefined || status < 400 || status >= 500 || status === 401) return text;
  const reason = apiErrorMessage(error, '').trim();
  if (!reason) return text;
  return `${text} ${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;
}

/** The error toast of notifyPromise/useSaving for SPEC's text: made from the failure. */
export const failedTo = (text: string) => (error: unknown) => withReason(text, error);
