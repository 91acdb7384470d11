import { Field } from '@shop/shared';
import { MIN_PASSWORD_LENGTH } from './authMessages';
import { useT } from '../messages';

/** A new password and its confirmation (the register rule: 8+ characters), as a reset and a password change ask for them. */
export function NewPasswordFields({
  password,
  confirmPassword,
  errors,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirmPassword: string;
  errors: { password?: string; confirmPassword?: string };
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t('password.new', { min: MIN_PASSWORD_LENGTH })}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label={t('password.confirmNew')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
