// Binds /sso to the browser that began single sign-on: /sso/start keeps a random state in a short-lived,
// HttpOnly, SameSite=Lax cookie and sends the same value through the app's login (return_to …&state=); /sso
// signs in without asking only when both match. A link someone else made carries no matching state.
export const SSO_STATE_COOKIE = 'chorus_sso_state';
const STATE_SECONDS = 10 * 60;
const STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A fresh state: 32 random bytes, base64url. */
export function newSsoState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The Set-Cookie value that keeps `state` for /sso (or removes it, given null). */
export function ssoStateCookie(state: string | null, https: boolean): string {
  const value = state ?? '';
  const age = state ? STATE_SECONDS : 0;
  return `${SSO_STATE_COOKIE}=${value}; Path=/sso; Max-Age=${age}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
}

/** The state this browser's cookie holds, if any. */
export function ssoStateOf(cookieHeader: string | null): string | undefined {
  return new RegExp(`(?:^|;\\s*)${SSO_STATE_COOKIE}=([A-Za-z0-9_-]*)`).exec(cookieHeader ?? '')?.[1];
}

/** Does the state in /sso's address match the one this browser's cookie holds? (Compared in full.) */
export function isSsoStateBound(fromUrl: string | null, fromCookie: string | undefined): boolean {
  if (!fromUrl || !fromCookie || !STATE_SHAPE.test(fromUrl) || fromUrl.length !== fromCookie.length) return false;
  let difference = 0;
  for (let i = 0; i < fromUrl.length; i++) difference |= fromUrl.charCodeAt(i) ^ fromCookie.charCodeAt(i);
  return difference === 0;
}
