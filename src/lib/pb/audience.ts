// Audiences (issue 59, src/contract/audience.ts): which cached copy a verified member's public pages come from (named
// by PocketBase in their session check: the member audience, or one segment's), and the token of that audience's
// principal, the account its cached copies are rendered as. A token is asked of PocketBase with a site proof
// (CHORUS_PROXY_SECRET) and kept per isolate and audience until shortly before it expires; it never leaves the Worker.
import { AUDIENCE_MEMBER, AUDIENCE_META, segmentOfAudience } from '../../contract/audience';
import { signSiteProof } from '../site-proof';

/** `member`, `segment:<segment id>`, or '' (a visitor's copy, or rendered per person). */
export type Audience = typeof AUDIENCE_MEMBER | `segment:${string}` | '';

/** The audience `value` names: the member audience, a segment's, or '' for anything else. */
export function audienceNamed(value: unknown): Audience {
  if (value === AUDIENCE_MEMBER) return AUDIENCE_MEMBER;
  return typeof value === 'string' && segmentOfAudience(value) ? (value as Audience) : '';
}

/** The audience a session check's `meta` names ('' when none or unknown: the member's pages are rendered for them). */
export function audienceIn(meta: Record<string, unknown>): Audience {
  return audienceNamed(meta[AUDIENCE_META]);
}

/** A token is asked for again this long before it expires. */
const RENEW_BEFORE_MS = 10 * 60_000;
/**
 * And at least this often: PocketBase reads a token it no longer honours (its secret rotated, "invalidate all
 * tokens" in the admin UI) as a visitor's without an error, so a copy rendered with it would lack the members-only
 * boards. Asking again every few minutes bounds that to one renewal (one request per isolate per 5 minutes).
 */
const RENEW_EVERY_MS = 5 * 60_000;
/** At most this many audiences' tokens are kept (one per segment with a board of its own, and the members'). */
const KEPT_AUDIENCES = 64;
const kept = new Map<string, { token: string; until: number; serverUrl: string }>();

/**
 * The principal's token of `audience` (kept per isolate), asked of PocketBase at `serverUrl` with a proof signed by
 * `secret` that names the audience.
 */
export async function principalToken(
  serverUrl: string,
  secret: string,
  now = Date.now(),
  audience: Exclude<Audience, ''> = AUDIENCE_MEMBER,
): Promise<string> {
  const entry = kept.get(audience);
  if (entry && entry.serverUrl === serverUrl && entry.until > now) return entry.token;
  const proof = await signSiteProof(secret, 'audience', { act: 'token', audience });
  const answer = await fetch(new URL('/api/chorus/audience/token', serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof }),
  });
  if (!answer.ok) throw new Error(`PocketBase refused the audience token (${answer.status})`);
  const { token } = (await answer.json()) as { token?: unknown };
  if (typeof token !== 'string' || !token) throw new Error('PocketBase answered no audience token');
  if (!kept.has(audience) && kept.size >= KEPT_AUDIENCES) kept.clear();
  kept.set(audience, { token, until: Math.min(expiryOf(token) - RENEW_BEFORE_MS, now + RENEW_EVERY_MS), serverUrl });
  return token;
}

/** Forgets the kept tokens (tests; or after PocketBase refused one). */
export function forgetPrincipalToken(): void {
  kept.clear();
}

/** A JWT's `exp` in milliseconds (0 when unreadable: asked for again next time). */
function expiryOf(token: string): number {
  try {
    const body = token.split('.')[1] ?? '';
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = Number((JSON.parse(json) as { exp?: unknown }).exp);
    return Number.isFinite(exp) ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}
