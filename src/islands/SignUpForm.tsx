// The sign-up page's island: name, email and password, then the emailed code that verifies the address.

import { useState } from 'react';
import { translator } from '../i18n/current';
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
  const t = translator('signIn');

  if (request?.flow === 'signup') {
    return <CodeEntryForm request={request} next={next} onResend={() => sendSignInCode(request.email, 'signup')} />;
  }

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    await run(() => createAccount({ name, email, password }));
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('createAccount')}>
      <FormAlert error={error} shown={['name', 'email', 'password']} />
      <Field
        id="signup-name"
        label={t('name')}
        autoComplete="name"
        maxLength={60}
        value={name}
        onValue={setName}
        error={fields.name}
        hint={t('nameHint')}
      />
      <Field
        id="signup-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setAuthEmail}
        error={fields.email}
        hint={t('emailHint')}
      />
      <Field
        id="signup-password"
        label={t('password')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onValue={setPassword}
        error={fields.password}
        hint={t('passwordHint')}
      />
      <SubmitButton busy={busy} pending={pending} label={t('create')} pendingLabel={t('creating')} />
    </form>
  );
}
