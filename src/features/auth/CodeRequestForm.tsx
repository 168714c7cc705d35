// Asking for a one-time sign-in code by email.
import { translator } from '../../i18n/current';
import { FormAlert } from '../../ui/FormAlert';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { AuthEmailField } from './AuthFields';
import { $authEmail, sendSignInCode } from './auth';

export function CodeRequestForm() {
  const email = useClientStore($authEmail, '');
  const { pending, busy, error, fields, run } = useFormAction();
  const t = translator('signIn');

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    await run(() => sendSignInCode(email));
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('codeForm')}>
      <FormAlert error={error} shown={['email']} />
      <AuthEmailField id="code-email" error={fields.email} hint={t('codeHint')} />
      <SubmitButton busy={busy} pending={pending} label={t('emailCode')} pendingLabel={t('sending')} />
    </form>
  );
}
