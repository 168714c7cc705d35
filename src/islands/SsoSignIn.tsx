// /sso?token=…: redeems the identify token from the team's app, then continues to the board.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toSafeNextPath } from '../lib/next-path';
import { $identifyError, signInWithIdentifyToken } from '../stores/identify';

interface Props {
  token: string;
  next: string | null;
  /** "Sign in with <product>" again, when the admin set a login URL. */
  retryHref: string | null;
  productName: string;
}

export default function SsoSignIn({ token, next, retryHref, productName }: Props) {
  const error = useStore($identifyError);
  const [done, setDone] = useState(false);
  useEffect(() => {
    history.replaceState(null, '', location.pathname);
    void signInWithIdentifyToken(token).then((outcome) => {
      if (!outcome.ok) return;
      setDone(true);
      location.replace(toSafeNextPath(next));
    });
  }, [token, next]);
  if (error) {
    return (
      <div className="form-alert" role="alert" data-testid="sso-error">
        <p>{error}</p>
        <p>
          {retryHref && <a href={retryHref}>Sign in with {productName} again</a>}
          {retryHref && ' or '}
          <a href="/signin">sign in another way</a>.
        </p>
      </div>
    );
  }
  return (
    <p role="status" className="muted">
      {done ? 'Signed in. Taking you to the board…' : `Signing you in with ${productName}…`}
    </p>
  );
}
