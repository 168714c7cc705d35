// The sign-in page's island: a passkey, a password, an emailed code, or an OAuth2 provider.

import { useState } from 'react';
import { translator } from '../i18n/current';
import type { OAuthProvider } from '../lib/pb/auth';
import { $codeRequest, sendSignInCode } from '../stores/auth';
import { CodeEntryForm } from './CodeEntryForm';
import { CodeRequestForm } from './CodeRequestForm';
import { useClientStore } from './hooks/use-client-store';
import { OAuthButtons } from './OAuthButtons';
import { PasskeySignIn } from './PasskeySignIn';
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
