// The sign-up page's island: name, email and password, then the emailed code that verifies the address.

import { useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasskeyCreateStep } from '../passkeys/PasskeyCreateStep';
import { $passkeyStepPending } from '../passkeys/passkeys';
import { AuthEmailField, PasswordField } from './AuthFields';
import { $authEmail, $codeRequest, createAccount, sendSignInCode, unknownPassword } from './auth';
import { CodeEntryForm } from './CodeEntryForm';
import { TurnstileWidget } from './TurnstileWidget';
import { $turnstileSiteKey, takeTurnstileToken } from './turnstile';

/** `turnstileSiteKey`: where the site turned Cloudflare Turnstile on, its key (signing up needs its check). */
export default function SignUpForm({
  next,
  turnstileSiteKey = '',
}: {
  next: string | null;
  turnstileSiteKey?: string;
}) {
  const request = useClientStore($codeRequest, null);
  useEffect(() => $turnstileSiteKey.set(turnstileSiteKey), [turnstileSiteKey]);
  const email = useClientStore($authEmail, '');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { pending, busy, error, fields, run } = useFormAction();
  const passkeyStep = useClientStore($passkeyStepPending, false);
  const t = translator('signIn');
  const tp = translator('passkeys');

  if (passkeyStep) return <PasskeyCreateStep next={next} />;
  if (request?.flow === 'signup') {
    return <CodeEntryForm request={request} next={next} onResend={() => sendSignInCode(request.email, 'signup')} />;
  }

  // No password: the emailed code confirms the address, then the device creates a passkey.
  async function signUpWithPasskey() {
    await run(() => createAccount({ name, email, password: unknownPassword() }, true, takeTurnstileToken()));
  }

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    await run(() => createAccount({ name, email, password }, false, takeTurnstileToken()));
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('createAccount')}>
      <FormAlert error={error} shown={['name', 'email', 'password']} />
      <Field
        id="signup-name"
        label={t('name')}
        autoComplete="name"
        maxLength={60}
        value={name}
        onValue={setName}
        error={fields.name}
        hint={t('nameHint')}
      />
      <AuthEmailField id="signup-email" error={fields.email} hint={t('emailHint')} />
      <PasswordField
        id="signup-password"
        label={t('password')}
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        error={fields.password}
        hint={t('passwordHint')}
      />
      <TurnstileWidget />
      <SubmitButton busy={busy} pending={pending} label={t('create')} pendingLabel={t('creating')} />
      <p className="divider">{t('or')}</p>
      <p className="field-hint" id="signup-passkey-hint">
        {tp('signUpHint')}
      </p>
      <button
        className="button"
        type="button"
        disabled={busy}
        aria-describedby="signup-passkey-hint"
        onClick={() => void signUpWithPasskey()}
      >
        {tp('signUp')}
      </button>
    </form>
  );
}
