// Choosing a new password from the emailed reset link; afterwards the person signs in again.
import { useState } from 'react';
import { setNewPassword } from '../stores/auth';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useFormAction } from './hooks/use-form-action';
import { SubmitButton } from './SubmitButton';

export default function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { pending, busy, error, fields, run } = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    setDone(await run(() => setNewPassword(token, password)));
  }

  if (done) {
    return (
      <div className="alert success" role="status">
        <p>Your password has been changed, and you are signed out everywhere.</p>
        <p>
          <a href="/signin">Sign in with your new password</a>
        </p>
      </div>
    );
  }
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label="Choose a new password">
      <FormAlert error={error} shown={['password']} />
      <Field
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onValue={setPassword}
        error={fields.password}
        hint="At least 8 characters."
      />
      <SubmitButton busy={busy} pending={pending} label="Save new password" pendingLabel="Saving…" />
      <p className="field-hint">
        Link expired? <a href="/reset-password">Ask for a new one</a>.
      </p>
    </form>
  );
}
