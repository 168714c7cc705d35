// The sign-in page's island: a passkey, a password, an emailed code, or an OAuth2 provider.

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { PasskeySignIn } from '../passkeys/PasskeySignIn';
import { $codeRequest, sendSignInCode } from './auth';
import type { OAuthProvider } from './auth-data';
import { CodeEntryForm } from './CodeEntryForm';
import { CodeRequestForm } from './CodeRequestForm';
import { OAuthButtons } from './OAuthButtons';
import { PasswordSignInForm } from './PasswordSignInForm';

interface Props {
  providers: OAuthProvider[];
  /** Where to go once signed in (validated before use). */
  next: string | null;
}

export default function SignInForm({ providers, next }: Props) {
  const request = useClientStore($codeRequest, null);
  const [withCode, setWithCode] = useState(false);
  const t = translator('signIn');
  const codeRequest = request?.flow === 'signin' ? request : null;

  if (codeRequest) {
    return <CodeEntryForm request={codeRequest} next={next} onResend={() => sendSignInCode(codeRequest.email)} />;
  }
  return (
    <>
      <PasskeySignIn next={next} />
      <p className="divider">{t('or')}</p>
      {withCode ? <CodeRequestForm /> : <PasswordSignInForm next={next} />}
      <p>
        <button className="button link" type="button" onClick={() => setWithCode(!withCode)}>
          {withCode ? t('passwordInstead') : t('codeInstead')}
        </button>
      </p>
      {providers.length > 0 && <p className="divider">{t('or')}</p>}
      <OAuthButtons providers={providers} next={next} />
    </>
  );
}
