import { Field } from '@shop/shared';
import { MIN_PASSWORD_LENGTH } from './authMessages';

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
  return (
    <>
      <Field
        label={`New password (at least ${MIN_PASSWORD_LENGTH} characters)`}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label="Confirm new password"
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
