// Typing the emailed 6-digit code: signs in, and verifies the email address.

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { continueTo } from '../../lib/next-path';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { rich } from '../../ui/rich';
import { SubmitButton } from '../../ui/SubmitButton';
import { startPasskeyStep } from '../passkeys/passkeys';
import { type AuthOutcome, type CodeRequest, cancelCode, redeemCode } from './auth';

interface Props {
  request: CodeRequest;
  next: string | null;
  /** Sends a new code to the same address. */
  onResend: () => Promise<AuthOutcome>;
}

export function CodeEntryForm({ request, next, onResend }: Props) {
  const [code, setCode] = useState('');
  const { pending, busy, error, fields, run } = useFormAction();
  const t = translator('signIn');

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (!(await run(() => redeemCode(code), true))) return;
    // A sign-up with a passkey goes on to create it (src/features/passkeys/PasskeyCreateStep.tsx) before leaving.
    if (request.passkey) startPasskeyStep();
    else continueTo(next);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('enterCode')}>
      <p className="alert success" role="status">
        {rich(t('codeSent'), { b: (text) => <strong>{text}</strong> }, { email: request.email })}
      </p>
      <FormAlert error={error} shown={['code']} />
      <Field
        id="otp-code"
        label={t('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        onValue={(value) => setCode(value.replace(/\s/g, ''))}
        error={fields.code}
      />
      <SubmitButton busy={busy} pending={pending} label={t('continue')} pendingLabel={t('checking')} />
      <p className="field-hint">
        {rich(t('noEmail'), {
          resend: (text) => (
            <button className="button link" type="button" onClick={() => void run(onResend)} disabled={busy}>
              {text}
            </button>
          ),
          change: (text) => (
            <button className="button link" type="button" onClick={cancelCode} disabled={busy}>
              {text}
            </button>
          ),
        })}
      </p>
    </form>
  );
}
