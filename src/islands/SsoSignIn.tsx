// /sso?token=…: redeems the identify token from the team's app, then continues to the board. Its heading says
// what is happening: single sign-on, then, when the token is refused, that the person could not be signed in.

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { translator } from '../i18n/current';
import { toSafeNextPath } from '../lib/next-path';
import { $identifyError, signInWithIdentifyToken } from '../stores/identify';
import { rich } from './rich';

interface Props {
  token: string;
  next: string | null;
  /** "Sign in with <product>" again, when the admin set a login URL. */
  retryHref: string | null;
  /** Empty when the admin named no product. */
  productName: string;
}

export default function SsoSignIn({ token, next, retryHref, productName }: Props) {
  const error = useStore($identifyError);
  const [done, setDone] = useState(false);
  const t = translator('signIn');
  useEffect(() => {
    history.replaceState(null, '', location.pathname);
    void signInWithIdentifyToken(token).then((outcome) => {
      if (!outcome.ok) return;
      setDone(true);
      location.replace(toSafeNextPath(next));
    });
  }, [token, next]);
  if (error) {
    const retry = productName ? t('ssoRetry') : t('ssoRetryPlain');
    return (
      <>
        <h1>{t('ssoFailed')}</h1>
        <div className="form-alert" role="alert" data-testid="sso-error">
          <p>{error}</p>
          <p>
            {rich(
              retryHref ? retry : t('ssoOther'),
              { retry: (text) => <a href={retryHref ?? ''}>{text}</a>, other: (text) => <a href="/signin">{text}</a> },
              { product: productName },
            )}
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>{t('ssoHeading')}</h1>
      <p role="status" className="muted">
        {done ? t('ssoDone') : productName ? t('ssoSigningIn', { product: productName }) : t('ssoSigningInPlain')}
      </p>
    </>
  );
}
