import { useState, type FormEvent } from 'react';
import { apiErrorMessage, call, apiStatus, notify } from '@shop/shared';
import { useT } from '../messages';

export const FORGOT_MESSAGES = {
  sent: 'forgot.sent',
  emailRequired: 'forgot.emailRequired',
  failed: 'forgot.failed',
} as const;

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** /forgot-password: one field; the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setError(t(FORGOT_MESSAGES.emailRequired));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await call('forgotPassword', { body: { email: address } });
      setSent(true);
    } catch (failure) {
      // Too many requests is said as the server says it; nothing else tells whether the address is known.
      const message = apiStatus(failure) === 429 ? apiErrorMessage(failure) : t(FORGOT_MESSAGES.failed);
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  return { email, setEmail, error, busy, sent, submit };
}
