// Where to go after signing in: only a path on this site, never another origin (in the widget's panel,
// only a panel page). The link that asks for it is next-link.ts.
const BASE = 'https://chorus.invalid';

/**
 * Returns `next` as a same-site path ("/…"), judged after the browser's own normalization (dot segments,
 * backslashes, stripped tabs), so "/..//evil.example" or "/.//evil.example" cannot become "//evil.example".
 * Anything else, and the sign-in pages themselves, give "/".
 */
export function toSafeNextPath(next: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (typeof next !== 'string' || !next.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  const path = url.pathname;
  if (url.origin !== BASE || path.startsWith('//') || /^\/sign(in|up)\b/.test(path)) return '/';
  return path + url.search + url.hash;
}

/** The widget panel's sign-in page. */
export const EMBED_SIGNIN_PATH = '/embed/signin';

/** Where the panel's sign-in page goes back to: `next` if it is a safe panel page other than sign-in. */
export function toEmbedNextPath(next: string | null | undefined): string {
  const safe = toSafeNextPath(next);
  return safe.startsWith('/embed/') && !safe.startsWith(EMBED_SIGNIN_PATH) ? safe : '/embed/';
}

/** After signing in (any way: password, code, provider, passkey): a full navigation to `next`, so the server
 * renders the next page with the new auth cookie. */
export function continueTo(next: string | null | undefined): void {
  window.location.assign(toSafeNextPath(next));
}
