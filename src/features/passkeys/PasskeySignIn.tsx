// "Sign in with a passkey" on the sign-in page (inside SignInForm's island, so no island of its own): the browser offers this site's passkeys, the Worker checks the
// answer, and PocketBase's session is saved like any other sign-in's.
import { translator } from '../../i18n/current';
import { continueTo } from '../../lib/next-path';
import { FormAlert } from '../../ui/FormAlert';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { signInWithPasskey } from './passkeys';

export function PasskeySignIn({ next }: { next: string | null }) {
  const { pending, busy, error, run } = useFormAction();
  const t = translator('passkeys');

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (await run(signInWithPasskey, true)) continueTo(next);
  }

  return (
    <form className="form passkey-sign-in" method="post" onSubmit={submit} noValidate aria-label={t('signIn')}>
      <FormAlert error={error} shown={[]} />
      <SubmitButton busy={busy} pending={pending} label={t('signIn')} pendingLabel={t('waiting')} />
    </form>
  );
}
