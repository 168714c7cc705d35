// Asking for a password reset link by email.

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { FormAlert } from '../../ui/FormAlert';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { rich } from '../../ui/rich';
import { SubmitButton } from '../../ui/SubmitButton';
import { AuthEmailField } from './AuthFields';
import { $authEmail, sendPasswordReset } from './auth';

export default function RequestResetForm() {
  const email = useClientStore($authEmail, '');
  const [sent, setSent] = useState(false);
  const { pending, busy, error, fields, run } = useFormAction();
  const t = translator('signIn');

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    setSent(await run(() => sendPasswordReset(email)));
  }

  if (sent) {
    return (
      <div className="alert success" role="status">
        <p>{rich(t('resetSent'), { b: (text) => <strong>{text}</strong> }, { email })}</p>
        <p>
          <a href="/signin">{t('backToSignIn')}</a>
        </p>
      </div>
    );
  }
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('resetTitle')}>
      <FormAlert error={error} shown={['email']} />
      <AuthEmailField id="reset-email" error={fields.email} hint={t('resetHint')} />
      <SubmitButton busy={busy} pending={pending} label={t('emailResetLink')} pendingLabel={t('sending')} />
    </form>
  );
}
