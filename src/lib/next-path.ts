// Where to go after signing in: only a path on this site, never another origin.
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
