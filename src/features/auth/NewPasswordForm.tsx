// Choosing a new password from the emailed reset link; afterwards the person signs in again.

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { FormAlert } from '../../ui/FormAlert';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { rich } from '../../ui/rich';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField } from './AuthFields';
import { setNewPassword } from './auth';

export default function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { pending, busy, error, fields, run } = useFormAction();
  const t = translator('signIn');

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    setDone(await run(() => setNewPassword(token, password)));
  }

  if (done) {
    return (
      <div className="alert success" role="status">
        <p>{t('passwordChanged')}</p>
        <p>
          <a href="/signin">{t('signInWithNew')}</a>
        </p>
      </div>
    );
  }
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('newPasswordTitle')}>
      <FormAlert error={error} shown={['password']} />
      <PasswordField
        id="new-password"
        label={t('newPassword')}
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        error={fields.password}
        hint={t('passwordHint')}
      />
      <SubmitButton busy={busy} pending={pending} label={t('saveNewPassword')} pendingLabel={t('saving')} />
      <p className="field-hint">{rich(t('linkExpired'), { a: (text) => <a href="/reset-password">{text}</a> })}</p>
    </form>
  );
}
