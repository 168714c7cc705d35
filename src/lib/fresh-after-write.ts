// Read your own writes (issue 59): a member's cached audience copy may lag a write by the purge's delay (seconds), so
// for a short while after a member writes (a vote, comment, idea, follow: with scripts through PocketBase, without
// them through the site's forms) the browser holds this cookie and the gateway renders their pages for them alone.

export const FRESH_COOKIE = 'chorus_wrote';
/** Longer than a purge takes to land (p95 10.5 s measured: docs, architecture/edge-cache). */
export const FRESH_SECONDS = 20;

/** The flag as the browser's client sets it (a flag, not a secret: no Secure needed; SameSite is Lax by default in
 * browsers; written short for the browser's bundle, which inlines it). */
export const FRESH_FLAG = `${FRESH_COOKIE}=1;path=/;max-age=${FRESH_SECONDS}`;

/** The same cookie's Set-Cookie value (the site's form posts): the flag, with SameSite and Secure said. */
export function freshCookie(https: boolean): string {
  return `${FRESH_FLAG}; SameSite=Lax${https ? '; Secure' : ''}`;
}
