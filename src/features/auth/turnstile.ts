// Cloudflare Turnstile in the browser (issue 38): the site key where the site turned it on, and the token its
// widget gave, used once (the server checks it against siteverify: pb_hooks/platform/integrations/turnstile.js).
import { atom } from 'nanostores';

/** Where the site turned Turnstile on, its site key (set by the sign-in and sign-up islands), else ''. */
export const $turnstileSiteKey = atom('');
/** The widget's latest token, '' until it has one. */
export const $turnstileToken = atom('');

let startOver: (() => void) | null = null;

/** The widget registers how to start over (a token is good for one request). */
export function onTurnstileReset(reset: (() => void) | null): void {
  startOver = reset;
}

/** The token for one request ('' when Turnstile is off or not solved yet); the widget then starts over. */
export function takeTurnstileToken(): string {
  const token = $turnstileToken.get();
  if (token) {
    $turnstileToken.set('');
    startOver?.();
  }
  return token;
}
