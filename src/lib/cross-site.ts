// Astro's cross-site form check (security.checkOrigin), with one exception: the RFC 8058 one-click
// unsubscribe address, which mail providers POST to from their own servers with no Origin. Astro's check
// cannot exempt a route, so it is off in astro.config.mjs and this one runs first in the middleware.
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** Paths that take a sign-in-free POST from anywhere: each checks a signed token itself. */
export const ONE_CLICK_PATHS = ['/unsubscribe'];

/** Is this a state-changing request another site may have made (a form post from another origin)? */
export function isForbiddenCrossSite(request: Request, url: URL): boolean {
  if (SAFE_METHODS.includes(request.method)) return false;
  if (ONE_CLICK_PATHS.includes(url.pathname)) return false;
  const sameOrigin = request.headers.get('origin') === url.origin;
  const type = request.headers.get('content-type');
  if (type === null) return !sameOrigin;
  const formLike = FORM_TYPES.some((form) => type.toLowerCase().includes(form));
  return formLike && !sameOrigin;
}
