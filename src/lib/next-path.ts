// Where to go after signing in: only a path on this site, never another origin.
const BASE = 'https://chorus.invalid';

/** Returns `next` when it is a same-site path ("/…" but not "//…"), else "/". */
export function toSafeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return '/';
  let url: URL;
  try {
    // Parsing as a browser would catches tricks like "/\evil.com" or tabs inside "//".
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE || /^\/sign(in|up)\b/.test(url.pathname)) return '/';
  return url.pathname + url.search + url.hash;
}
