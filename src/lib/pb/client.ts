// The one place Chorus creates PocketBase clients: a new one per server request,
// and one shared client per browser tab whose auth is mirrored into a cookie for SSR.
import PocketBase, { type RecordModel } from 'pocketbase';
import { currentLocale } from '../../i18n/current';
import { isLocale } from '../../i18n/locales';
import { FRESH_FLAG } from '../fresh-after-write';
import { toAvatarSrc } from './avatar';
import { createBrowserAuthStore } from './frame-auth-store';
import type { SessionUser, UserRecord } from './types';

export const AUTH_COOKIE = 'pb_auth';
const SERVER_TIMEOUT_MS = 4000;

export type { AuthProviderInfo } from 'pocketbase';
/** The SDK's error class, for `instanceof` checks outside this seam. */
export { ClientResponseError } from 'pocketbase';
export type { PocketBase, RecordModel };

/** Who the server reads for: the visitor's address, in the header named after the secret PocketBase shares
 * with the site (`forwardedAddress` in ./client-address.mjs, server-side only). */
export type ForwardedClient = Record<string, string>;

/** The language each client's requests ask PocketBase's hooks to answer in (their errors and notices). */
const answerLocales = new WeakMap<PocketBase, string>();

/** Sends `Accept-Language: <locale>` with this client's requests from now on. */
export function answerIn(pb: PocketBase, locale: string): void {
  answerLocales.set(pb, locale);
}

function withAnswerLocale(pb: PocketBase, headers: Record<string, string>): Record<string, string> {
  const locale = answerLocales.get(pb);
  return locale ? { ...headers, 'accept-language': locale } : headers;
}

/**
 * A fresh client for one server request, carrying the request's auth cookie (verify it with
 * `verifySession` before trusting who it names). With a proxy secret, PocketBase counts its rate limits
 * against the visitor's address rather than the site's (see pb_hooks/platform/client-address.pb.js).
 */
export function createServerClient(
  url: string,
  cookieHeader: string | null,
  forwarded: ForwardedClient = {},
): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  // Answer quickly (503) rather than hang when PocketBase is slow or gone.
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: {
      ...options,
      headers: withAnswerLocale(pb, { ...(options.headers as Record<string, string>), ...forwarded }),
      signal: options.signal ?? AbortSignal.timeout(SERVER_TIMEOUT_MS),
    },
  });
  // Most visitors have no auth cookie: the SDK would still parse an empty one, and throw and catch doing so.
  if (cookieHeader?.includes(`${AUTH_COOKIE}=`)) pb.authStore.loadFromCookie(cookieHeader, AUTH_COOKIE);
  return pb;
}

const signedOutTwins = new WeakMap<PocketBase, PocketBase>();

/**
 * The same server client without the visitor's sign-in: for reads whose rules and hooks answer everyone alike
 * (the site record, the statuses, a non-staff caller's tags), so PocketBase need not verify a member's token
 * and load their record for them (0.5–1.4 ms of its CPU a request, measured). Never for anything a rule or
 * hook answers per person. Sends the same headers (the visitor's address, the answer language).
 */
export function signedOut(pb: PocketBase): PocketBase {
  if (!pb.authStore.token) return pb;
  let twin = signedOutTwins.get(pb);
  if (!twin) {
    twin = new PocketBase(pb.baseURL);
    twin.autoCancellation(false);
    const send = pb.beforeSend;
    if (send) twin.beforeSend = (url, options) => send(url, options);
    signedOutTwins.set(pb, twin);
  }
  return twin;
}

let browserClient: PocketBase | undefined;
const RECORD_WRITE = /\/records/;

/** The tab's shared client. Its URL comes from the page, so one build serves any PocketBase. */
export function getBrowserClient(): PocketBase {
  if (browserClient) return browserClient;
  const url = document.querySelector<HTMLMetaElement>('meta[name="chorus:pocketbase"]')?.content ?? '/';
  // The widget's panel in a browser that blocks third-party storage keeps auth in the frame instead.
  const pb = new PocketBase(url, createBrowserAuthStore());
  pb.autoCancellation(false);
  answerIn(pb, currentLocale());
  pb.beforeSend = (requestUrl, options) => {
    // A write to a record: this member's next pages are rendered for them for a while (src/lib/fresh-after-write.ts).
    // biome-ignore lint/suspicious/noDocumentCookie: one short-lived flag, no other cookie touched.
    if (options.method && options.method !== 'GET' && RECORD_WRITE.test(requestUrl)) document.cookie = FRESH_FLAG;
    return {
      url: requestUrl,
      options: { ...options, headers: withAnswerLocale(pb, { ...(options.headers as Record<string, string>) }) },
    };
  };
  // Mirror the auth (kept in localStorage, which other tabs observe) into the cookie SSR reads.
  pb.authStore.onChange(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the SDK serializes and escapes the cookie itself.
    document.cookie = pb.authStore.exportToCookie(
      { secure: location.protocol === 'https:', sameSite: 'Lax', httpOnly: false, path: '/' },
      AUTH_COOKIE,
    );
  }, true);
  browserClient = pb;
  return pb;
}

export function toSessionUser(pb: PocketBase, record: RecordModel | null): SessionUser | null {
  if (record?.collectionName !== 'users') return null;
  const user = record as unknown as UserRecord;
  return {
    id: user.id,
    name: user.name || user.email?.split('@')[0] || 'Member',
    email: user.email ?? '',
    avatarUrl: toAvatarSrc(pb, user.id, user.avatar, user.avatar_url),
    role: user.role || 'member',
    blocked: Boolean(user.blocked),
    verified: Boolean(user.verified),
    locale: isLocale(user.locale) ? user.locale : null,
  };
}

/** @deprecated The access predicates live in src/lib/access.ts. */
export { isStaff } from '../access';
