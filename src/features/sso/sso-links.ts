// Where "Sign in with <product>" sends people: the app's login URL with a return_to pointing back to
// Chorus's /sso page (which the app calls with &token=…), carrying where to go afterwards and the state that
// binds the return to this browser (src/features/sso/sso-state.ts).
import { withNext } from '../../lib/next-link';
import { toSafeNextPath } from '../../lib/next-path';

export function toAppLoginUrl(loginUrl: string, siteOrigin: string, next: string | null, state: string): string | null {
  let url: URL;
  try {
    url = new URL(loginUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const back = new URL('/sso', siteOrigin);
  back.searchParams.set('next', toSafeNextPath(next));
  back.searchParams.set('state', state);
  url.searchParams.set('return_to', back.href);
  return url.href;
}

/** Chorus's own link that starts the detour (so pages need not know the app's URL). */
export function toSsoStartHref(next: string | null): string {
  return withNext('/sso/start', toSafeNextPath(next));
}
