// The sign-up page's island: name, email and password, then the emailed code that verifies the address.
import { useState } from 'react';
import { $authEmail, $codeRequest, createAccount, sendSignInCode, setAuthEmail } from '../stores/auth';
import { CodeEntryForm } from './CodeEntryForm';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useClientStore } from './hooks/use-client-store';
import { useFormAction } from './hooks/use-form-action';
import { SubmitButton } from './SubmitButton';

export default function SignUpForm({ next }: { next: string | null }) {
  const request = useClientStore($codeRequest, null);
  const email = useClientStore($authEmail, '');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { pending, busy, error, fields, run } = useFormAction();

  if (request?.flow === 'signup') {
    return <CodeEntryForm request={request} next={next} onResend={() => sendSignInCode(request.email, 'signup')} />;
  }

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    await run(() => createAccount({ name, email, password }));
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label="Create your account">
      <FormAlert error={error} shown={['name', 'email', 'password']} />
      <Field
        id="signup-name"
        label="Name"
        autoComplete="name"
        maxLength={60}
        value={name}
        onValue={setName}
        error={fields.name}
        hint="Shown next to your ideas and comments."
      />
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.email}
        hint="Never shown to other people."
      />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onValue={setPassword}
        error={fields.password}
        hint="At least 8 characters."
      />
      <SubmitButton busy={busy} pending={pending} label="Create account" pendingLabel="Creating your account…" />
    </form>
  );
}
