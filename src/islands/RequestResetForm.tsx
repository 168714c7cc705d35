// Asking for a password reset link by email.

import { useState } from 'react';
import { translator } from '../i18n/current';
import { $authEmail, sendPasswordReset, setAuthEmail } from '../stores/auth';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useClientStore } from './hooks/use-client-store';
import { useFormAction } from './hooks/use-form-action';
import { rich } from './rich';
import { SubmitButton } from './SubmitButton';

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
      <Field
        id="reset-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.email}
        hint={t('resetHint')}
      />
      <SubmitButton busy={busy} pending={pending} label={t('emailResetLink')} pendingLabel={t('sending')} />
    </form>
  );
}
