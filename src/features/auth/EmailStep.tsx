// The sign-in steps that only ask for an email address: an emailed one-time code, or a password reset link.
// One form for both; what it sends, its words and what follows differ (a code goes on to the code step, a reset
// link says where it went).

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { FormAlert } from '../../ui/FormAlert';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { rich } from '../../ui/rich';
import { SubmitButton } from '../../ui/SubmitButton';
import { AuthEmailField } from './AuthFields';
import { $authEmail, type AuthOutcome, sendPasswordReset, sendSignInCode } from './auth';
import { TurnstileWidget } from './TurnstileWidget';
import { takeTurnstileToken } from './turnstile';

const KINDS = {
  code: {
    id: 'code-email',
    name: 'codeForm',
    hint: 'codeHint',
    submit: 'emailCode',
    send: (email: string) => sendSignInCode(email, 'signin', takeTurnstileToken()),
  },
  reset: {
    id: 'reset-email',
    name: 'resetTitle',
    hint: 'resetHint',
    submit: 'emailResetLink',
    send: sendPasswordReset,
  },
} as const satisfies Record<string, { send: (email: string) => Promise<AuthOutcome>; [key: string]: unknown }>;

export function EmailStep({ kind }: { kind: keyof typeof KINDS }) {
  const email = useClientStore($authEmail, '');
  const [sent, setSent] = useState(false);
  const { pending, busy, error, fields, run } = useFormAction();
  const t = translator('signIn');
  const words = KINDS[kind];

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    setSent(await run(() => words.send(email)));
  }

  // A code goes on to the code step (SignInForm); a reset link says where it went.
  if (sent && kind === 'reset') {
    return (
      <div className="alert success" role="status">
        <p>{rich(t('resetSent'), { b: (text) => <strong>{text}</strong> }, { email })}</p>
        <p>
          <a href="/signin">{t('backToSignIn')}</a>
        </p>
      </div>
    );
  }
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t(words.name)}>
      <FormAlert error={error} shown={['email']} />
      <AuthEmailField id={words.id} error={fields.email} hint={t(words.hint)} />
      {kind === 'code' && <TurnstileWidget />}
      <SubmitButton busy={busy} pending={pending} label={t(words.submit)} pendingLabel={t('sending')} />
    </form>
  );
}
