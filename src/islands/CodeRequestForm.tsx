// Asking for a one-time sign-in code by email.
import { $authEmail, sendSignInCode, setAuthEmail } from '../stores/auth';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useClientStore } from './hooks/use-client-store';
import { useFormAction } from './hooks/use-form-action';
import { SubmitButton } from './SubmitButton';

export function CodeRequestForm() {
  const email = useClientStore($authEmail, '');
  const { pending, busy, error, fields, run } = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    await run(() => sendSignInCode(email));
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label="Email me a sign-in code">
      <FormAlert error={error} shown={['email']} />
      <Field
        id="code-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.email}
        hint="We will email you a 6-digit code. No password needed."
      />
      <SubmitButton busy={busy} pending={pending} label="Email me a code" pendingLabel="Sending…" />
    </form>
  );
}
