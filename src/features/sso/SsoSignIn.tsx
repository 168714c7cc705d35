// /sso?token=…: redeems the identify token from the team's app, then continues to the board. Its heading says
// what is happening: single sign-on, then, when the token is refused, that the person could not be signed in.
// It asks first, naming the accounts, when another member is signed in here or when the link does not carry
// the state this browser's "Sign in with <product>" began with (a link someone else made: login CSRF).

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { toSafeNextPath } from '../../lib/next-path';
import { useHydrated } from '../../ui/hooks/use-hydrated';
import { rich } from '../../ui/rich';
import { $identifyError, signInWithIdentifyToken } from './identify';
import { readTokenPerson } from './identify-token-person';

interface Props {
  token: string;
  next: string | null;
  /** "Sign in with <product>" again, when the admin set a login URL. */
  retryHref: string | null;
  /** Empty when the admin named no product. */
  productName: string;
  /** The link carries the state this browser's /sso/start kept. */
  bound: boolean;
  /** The member signed in here now, if any. */
  signedInAs: { name: string; email: string } | null;
}

export default function SsoSignIn({ token, next, retryHref, productName, bound, signedInAs }: Props) {
  const error = useStore($identifyError);
  const person = readTokenPerson(token);
  const sameAccount = Boolean(signedInAs && person && signedInAs.email.toLowerCase() === person.email);
  const mustAsk = Boolean(person) && (signedInAs ? !sameAccount : !bound);
  const [confirmed, setConfirmed] = useState(!mustAsk);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const t = translator('signIn');
  useEffect(() => {
    history.replaceState(null, '', location.pathname);
  }, []);
  useEffect(() => {
    if (!confirmed) return;
    void signInWithIdentifyToken(token).then((outcome) => {
      if (!outcome.ok) return;
      setDone(true);
      location.replace(toSafeNextPath(next));
    });
  }, [confirmed, token, next]);
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
  if (!confirmed && person) {
    const account = person.email;
    const current = signedInAs?.email ?? '';
    const leave = () => location.replace(toSafeNextPath(next));
    return (
      <div data-testid="sso-ask">
        <h1>{t('ssoAskHeading', { account })}</h1>
        <p>
          {signedInAs
            ? t('ssoAskSwitch', { current, account })
            : productName
              ? t('ssoAskUnbound', { account, product: productName })
              : t('ssoAskUnboundPlain', { account })}
        </p>
        <p>
          <button type="button" className="button primary" disabled={!hydrated} onClick={() => setConfirmed(true)}>
            {t('ssoContinue', { account })}
          </button>{' '}
          <button type="button" className="button" disabled={!hydrated} onClick={leave}>
            {signedInAs ? t('ssoStay', { current }) : t('ssoCancel')}
          </button>
        </p>
      </div>
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
