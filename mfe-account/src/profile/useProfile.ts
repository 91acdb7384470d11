import { useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, call, urlOf, apiStatus, notify, useLoad, useSession } from '@shop/shared';
import { newPasswordErrors } from '../auth/authMessages';
import { useT } from '../messages';
import { CONTACT_PATTERN } from '@shop/shared/src/contract';

export const PROFILE_MESSAGES = {
  loadFailed: 'profile.loadFailed',
  nameRequired: 'profile.nameRequired',
  contactInvalid: 'profile.contactInvalid',
  contactTaken: 'profile.contactTaken',
  saved: 'profile.saved',
  saveFailed: 'profile.saveFailed',
  passwordChanged: 'profile.passwordChanged',
  passwordFailed: 'profile.passwordFailed',
} as const;

/** The register form's contact rule (the API's pattern). */
const CONTACT = new RegExp(CONTACT_PATTERN);

type DetailsErrors = { fullName?: string; contact?: string };

/** The profile's details: loaded, edited, saved; the header's name follows a new full name. */
export function useProfileDetails() {
  const t = useT();
  const [, setSession] = useSession();
  const [draft, setDraft] = useState({ fullName: '', contact: '' });
  const loaded = useLoad(urlOf('myProfile'), () => call('myProfile').then((a) => a.data), {
    onSuccess: (p) => setDraft({ fullName: p.fullName, contact: p.contact }),
    onError: () => notify.error(t(PROFILE_MESSAGES.loadFailed)),
  });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [saving, setSaving] = useState(false);
  const profile = loaded.data;
  const changed = Boolean(profile) && (draft.fullName !== profile!.fullName || draft.contact !== profile!.contact);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    const next: DetailsErrors = {};
    if (!draft.fullName.trim()) next.fullName = t(PROFILE_MESSAGES.nameRequired);
    if (!CONTACT.test(draft.contact)) next.contact = t(PROFILE_MESSAGES.contactInvalid);
    setErrors(next);
    if (next.fullName || next.contact) return;
    setSaving(true);
    try {
      const { data } = await call('updateMyProfile', { body: { fullName: draft.fullName.trim(), contact: draft.contact.trim() } });
      loaded.setData(() => data);
      setDraft({ fullName: data.fullName, contact: data.contact });
      setSession((s) => ({ ...s, name: data.fullName }));
      notify.success(t(PROFILE_MESSAGES.saved));
    } catch (failure) {
      const status = apiStatus(failure);
      if (status === 409) {
        setErrors({ contact: t(PROFILE_MESSAGES.contactTaken) });
        notify.error(t(PROFILE_MESSAGES.contactTaken));
      } else notify.error(status === 400 ? apiErrorMessage(failure, t(PROFILE_MESSAGES.saveFailed)) : t(PROFILE_MESSAGES.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return { status: loaded.status, profile, draft, setDraft, errors, saving, changed, save, reload: loaded.reload };
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordErrors = Partial<Record<keyof typeof EMPTY_PASSWORDS, string>>;

/** PUT /user/me/password: the current password, the new one twice; this session stays, the others end. */
export function usePasswordChange() {
  const t = useT();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const { currentPassword, newPassword, confirmPassword } = values;
    const next: PasswordErrors = {};
    if (!currentPassword) next.currentPassword = t('profile.currentRequired');
    // Issue 38: the rule a new password passes (the server's), said beside the field.
    const wrong = newPasswordErrors(newPassword, confirmPassword, t);
    if (wrong.password) next.newPassword = wrong.password;
    if (wrong.confirmPassword) next.confirmPassword = wrong.confirmPassword;
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      await call('changeMyPassword', { body: { currentPassword, newPassword } });
      setValues(EMPTY_PASSWORDS);
      notify.success(t(PROFILE_MESSAGES.passwordChanged));
    } catch (failure) {
      const status = apiStatus(failure);
      const message = status === 400 || status === 429 ? apiErrorMessage(failure, t(PROFILE_MESSAGES.passwordFailed)) : t(PROFILE_MESSAGES.passwordFailed);
      const fields = apiFieldErrors(failure);
      if (fields.newPassword) setErrors({ newPassword: fields.newPassword });
      else if (status === 400) setErrors({ currentPassword: message });
      notify.error(message);
    } finally {
      setSaving(false);
    }
  };

  return { values, setValues, errors, saving, submit };
}
