// Signing in with email and password (a step of SignInForm; "Forgot password?" moves it to the reset step).

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { continueTo } from '../../lib/next-path';
import { FormAlert } from '../../ui/FormAlert';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { AuthEmailField, PasswordField } from './AuthFields';
import { $authEmail, signInWithPassword } from './auth';

export function PasswordSignInForm({ next, onForgot }: { next: string | null; onForgot: () => void }) {
  const email = useClientStore($authEmail, '');
  const [password, setPassword] = useState('');
  const { pending, busy, error, fields, run } = useFormAction();
  const t = translator('signIn');

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (await run(() => signInWithPassword(email, password), true)) continueTo(next);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('withPassword')}>
      <FormAlert error={error} shown={['identity', 'password']} />
      <AuthEmailField id="signin-email" autoComplete="username" error={fields.identity} />
      <PasswordField
        id="signin-password"
        label={t('password')}
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        error={fields.password}
      />
      <p className="field-hint">
        <a
          href="/reset-password"
          onClick={(event) => {
            event.preventDefault();
            onForgot();
          }}
        >
          {t('forgot')}
        </a>
      </p>
      <SubmitButton busy={busy} pending={pending} label={t('signIn')} pendingLabel={t('signingIn')} />
    </form>
  );
}
