// Typing the emailed 6-digit code: signs in, and verifies the email address.
import { useState } from 'react';
import { type AuthOutcome, type CodeRequest, cancelCode, continueTo, redeemCode } from '../stores/auth';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useFormAction } from './hooks/use-form-action';
import { SubmitButton } from './SubmitButton';

interface Props {
  request: CodeRequest;
  next: string | null;
  /** Sends a new code to the same address. */
  onResend: () => Promise<AuthOutcome>;
}

export function CodeEntryForm({ request, next, onResend }: Props) {
  const [code, setCode] = useState('');
  const { pending, busy, error, fields, run } = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (await run(() => redeemCode(code), true)) continueTo(next);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label="Enter your code">
      <p className="alert success" role="status">
        We emailed a 6-digit code to <strong>{request.email}</strong>. It expires in 10 minutes.
      </p>
      <FormAlert error={error} shown={['code']} />
      <Field
        id="otp-code"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        onValue={(value) => setCode(value.replace(/\s/g, ''))}
        error={fields.code}
      />
      <SubmitButton busy={busy} pending={pending} label="Continue" pendingLabel="Checking…" />
      <p className="field-hint">
        No email?{' '}
        <button className="button link" type="button" onClick={() => void run(onResend)} disabled={busy}>
          Send a new code
        </button>{' '}
        or{' '}
        <button className="button link" type="button" onClick={cancelCode} disabled={busy}>
          use a different email
        </button>
        .
      </p>
    </form>
  );
}
