// Signing in with email and password.

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { $authEmail, continueTo, setAuthEmail, signInWithPassword } from './auth';

export function PasswordSignInForm({ next }: { next: string | null }) {
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
      <Field
        id="signin-email"
        label={t('email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.identity}
      />
      <Field
        id="signin-password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
        error={fields.password}
      />
      <p className="field-hint">
        <a href="/reset-password">{t('forgot')}</a>
      </p>
      <SubmitButton busy={busy} pending={pending} label={t('signIn')} pendingLabel={t('signingIn')} />
    </form>
  );
}
