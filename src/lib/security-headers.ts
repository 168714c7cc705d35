// Security headers for every response. Astro computes the script and style hashes of the page's CSP;
// Chorus adds what only the request knows (where PocketBase lives, the site's accent style) and the rest.

export interface CspAdditions {
  /** The PocketBase origin browsers call (API, realtime) and load uploaded images from. */
  pbOrigin: string;
  /** Hashes of inline styles built per request, like `sha256-…`. */
  styleHashes: string[];
  /** Hashes of inline scripts Chorus adds (the member audience's mark, src/lib/audience-mark.ts). */
  scriptHashes?: string[] | undefined;
  /** Origins allowed to frame this response (the widget's panel); none for every other page. */
  frameAncestors?: string[] | undefined;
  /** The page asks for a Cloudflare Turnstile check (sign-up and sign-in where the site turned it on). */
  turnstile?: boolean;
}

/** Where Turnstile's script and its challenge frame come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Adds Chorus's per-request sources to the CSP Astro computed for the page. */
export function extendCsp(
  policy: string,
  { pbOrigin, styleHashes, scriptHashes = [], frameAncestors = [], turnstile = false }: CspAdditions,
): string {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  const add = (name: string, ...sources: string[]) => {
    const current = directives.get(name) ?? ["'self'"];
    directives.set(name, [...current, ...sources.filter((s) => !current.includes(s))]);
  };
  add('connect-src', pbOrigin);
  // https: members' pictures from the team's app (single sign-on) load from wherever the app keeps them.
  add('img-src', pbOrigin, 'data:', 'blob:', 'https:');
  if (directives.has('style-src')) add('style-src', ...styleHashes.map((hash) => `'${hash}'`));
  if (scriptHashes.length > 0) add('script-src', ...scriptHashes.map((hash) => `'${hash}'`));
  if (turnstile) {
    add('script-src', TURNSTILE_ORIGIN);
    add('frame-src', TURNSTILE_ORIGIN);
  }
  directives.set('frame-ancestors', frameAncestors.length > 0 ? frameAncestors : ["'none'"]);
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

export function applySecurityHeaders(response: Response, { https, csp }: { https: boolean; csp?: CspAdditions }) {
  const headers = response.headers;
  const policy = headers.get('content-security-policy');
  headers.set(
    'content-security-policy',
    policy && csp ? extendCsp(policy, csp) : "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  );
  headers.set('x-content-type-options', 'nosniff');
  // X-Frame-Options cannot list origins; frame-ancestors decides wherever framing is allowed.
  if (!csp?.frameAncestors?.length) headers.set('x-frame-options', 'DENY');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  headers.set('cross-origin-opener-policy', 'same-origin-allow-popups');
  if (https) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}
