// Asking for a password reset link by email.
import { useState } from 'react';
import { $authEmail, sendPasswordReset, setAuthEmail } from '../stores/auth';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useClientStore } from './hooks/use-client-store';
import { useFormAction } from './hooks/use-form-action';
import { SubmitButton } from './SubmitButton';

export default function RequestResetForm() {
  const email = useClientStore($authEmail, '');
  const [sent, setSent] = useState(false);
  const { pending, busy, error, fields, run } = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    setSent(await run(() => sendPasswordReset(email)));
  }

  if (sent) {
    return (
      <div className="alert success" role="status">
        <p>
          If an account uses <strong>{email}</strong>, we emailed it a link to choose a new password. The link expires
          in 30 minutes.
        </p>
        <p>
          <a href="/signin">Back to sign in</a>
        </p>
      </div>
    );
  }
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label="Reset your password">
      <FormAlert error={error} shown={['email']} />
      <Field
        id="reset-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.email}
        hint="We will email you a link to choose a new password."
      />
      <SubmitButton busy={busy} pending={pending} label="Email me a reset link" pendingLabel="Sending…" />
    </form>
  );
}
