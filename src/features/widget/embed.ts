// The embeddable panel's rules: which origins an admin may list, the frame-ancestors they give the
// embed routes, and where a navigation inside the panel to a board page goes instead.
export const EMBED_PREFIX = '/embed/';

/** Parses the admin's list (one origin a line, or separated by spaces/commas) into exact origins. */
export function parseOrigins(text: string): { origins: string[]; invalid: string[] } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const origin = toOrigin(entry);
    if (!origin) invalid.push(entry);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid };
}

/** "https://app.example.com" (or http for localhost-style testing) with no path, or null. */
function toOrigin(entry: string): string | null {
  try {
    const url = new URL(entry);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
      return null;
    }
    return entry.replace(/\/$/, '') === url.origin ? url.origin : null;
  } catch {
    return null;
  }
}

export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith(EMBED_PREFIX);
}

/** The panel's counterpart of a board page a framed navigation asked for, or null when it has none. */
export function toEmbedPath(pathname: string): string | null {
  if (/^\/(p|b)\/[^/]/.test(pathname) || /^\/changelog(\/[^/.]+)?$/.test(pathname)) return `/embed${pathname}`;
  if (pathname === '/signin' || pathname === '/signup') return '/embed/signin';
  if (pathname === '/') return EMBED_PREFIX;
  return null;
}
