import { startTransition, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, call, apiStatus, notify, signOut, useNavigate, useSearchParams, ROUTE_PATHS } from '@shop/shared';
import { newPasswordErrors } from '../auth/authMessages';
import { useT } from '../messages';

export const RESET_MESSAGES = {
  noToken: 'reset.noToken',
  success: 'reset.success',
  failed: 'reset.failed',
} as const;

/** /reset-password?token=…: a new password, twice; then to /login, every old session ended (issue 18). */
export function useResetPassword() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ password?: string; confirmPassword?: string }>({});
  // A refused link (used, expired, unknown): its message, and the page offers to ask again.
  const [linkError, setLinkError] = useState(token ? '' : t(RESET_MESSAGES.noToken));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    // Issue 38: the rule a new password passes (the server's), said beside the field.
    const wrong = newPasswordErrors(password, confirmPassword, t);
    if (wrong.password || wrong.confirmPassword) {
      setFieldError(wrong);
      return;
    }
    setFieldError({});
    setError('');
    setBusy(true);
    try {
      await call('resetPassword', { body: { token, password } });
      notify.success(t(RESET_MESSAGES.success));
      // Every session of the account has ended on the server; this browser forgets its own too.
      startTransition(() => {
        signOut();
        navigate(ROUTE_PATHS.login, { replace: true });
      });
    } catch (failure) {
      setBusy(false);
      const status = apiStatus(failure);
      const message = status === 400 || status === 429 ? apiErrorMessage(failure, t(RESET_MESSAGES.failed)) : t(RESET_MESSAGES.failed);
      const fields = apiFieldErrors(failure);
      if (fields.password) setFieldError({ password: fields.password });
      else if (status === 400) setLinkError(message);
      else setError(message);
      notify.error(message);
    }
  };

  return { password, setPassword, confirmPassword, setConfirmPassword, fieldError, linkError, error, busy, submit };
}
