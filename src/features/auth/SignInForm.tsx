// The one sign-in form, in steps: a passkey, a password or an emailed code (then the code itself), an
// OAuth2 provider; "Forgot password?" turns it into the reset step in place, and the emailed reset link
// comes back to its last step, a new password (/reset-password?token=). The email typed carries across steps.

import { useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { PasskeySignIn } from '../passkeys/PasskeySignIn';
import { $codeRequest, sendSignInCode } from './auth';
import type { OAuthProvider } from './auth-data';
import { CodeEntryForm } from './CodeEntryForm';
import { EmailStep } from './EmailStep';
import NewPasswordForm from './NewPasswordForm';
import { OAuthButtons } from './OAuthButtons';
import { PasswordSignInForm } from './PasswordSignInForm';
import { $turnstileSiteKey } from './turnstile';

type Step = 'password' | 'code' | 'reset';

interface Props {
  providers: OAuthProvider[];
  /** Where to go once signed in (validated before use). */
  next: string | null;
  /** The step it opens on: /reset-password opens on the reset step, or with its link's token on a new password. */
  start?: Step;
  token?: string | null;
  /** Where the site turned Cloudflare Turnstile on, its site key: asking for a code needs its check. */
  turnstileSiteKey?: string;
}

export default function SignInForm({
  providers,
  next,
  start = 'password',
  token = null,
  turnstileSiteKey = '',
}: Props) {
  const request = useClientStore($codeRequest, null);
  useEffect(() => $turnstileSiteKey.set(turnstileSiteKey), [turnstileSiteKey]);
  const [step, setStep] = useState<Step>(start);
  const t = translator('signIn');
  const codeRequest = request?.flow === 'signin' ? request : null;

  if (token) return <NewPasswordForm token={token} />;
  if (codeRequest) {
    return <CodeEntryForm request={codeRequest} next={next} onResend={() => sendSignInCode(codeRequest.email)} />;
  }
  if (step === 'reset') {
    // Opened on this step, the page is the reset page: back is the sign-in page itself.
    const back = start === 'reset' ? undefined : () => setStep('password');
    return (
      <>
        <EmailStep kind="reset" />
        <p>
          <a
            href="/signin"
            onClick={(event) => {
              if (!back) return;
              event.preventDefault();
              back();
            }}
          >
            {t('backToSignIn')}
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <PasskeySignIn next={next} />
      <p className="divider">{t('or')}</p>
      {step === 'code' ? (
        <EmailStep kind="code" />
      ) : (
        <PasswordSignInForm next={next} onForgot={() => setStep('reset')} />
      )}
      <p>
        <button className="button link" type="button" onClick={() => setStep(step === 'code' ? 'password' : 'code')}>
          {step === 'code' ? t('passwordInstead') : t('codeInstead')}
        </button>
      </p>
      {providers.length > 0 && <p className="divider">{t('or')}</p>}
      <OAuthButtons providers={providers} next={next} />
    </>
  );
}
