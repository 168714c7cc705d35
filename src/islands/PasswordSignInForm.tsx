// Signing in with email and password.
import { useState } from 'react';
import { $authEmail, continueTo, setAuthEmail, signInWithPassword } from '../stores/auth';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useClientStore } from './hooks/use-client-store';
import { useFormAction } from './hooks/use-form-action';
import { SubmitButton } from './SubmitButton';

export function PasswordSignInForm({ next }: { next: string | null }) {
  const email = useClientStore($authEmail, '');
  const [password, setPassword] = useState('');
  const { pending, busy, error, fields, run } = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (await run(() => signInWithPassword(email, password), true)) continueTo(next);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label="Sign in with a password">
      <FormAlert error={error} shown={['identity', 'password']} />
      <Field
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.identity}
      />
      <Field
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
        error={fields.password}
      />
      <p className="field-hint">
        <a href="/reset-password">Forgot password?</a>
      </p>
      <SubmitButton busy={busy} pending={pending} label="Sign in" pendingLabel="Signing in…" />
    </form>
  );
}
