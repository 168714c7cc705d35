// Plain-form POSTs (the first click before islands hydrate, and JavaScript off): where to send the
// browser back, and what to say when the write was refused.
import type { APIRoute } from 'astro';
import { withNext } from './next-link';
import { toSafeNextPath } from './next-path';
import type { PocketBase } from './pb/client';

/** The page the form came from (its `back` field, a same-site path), or `fallback`. */
export function backPath(form: FormData, fallback: string): string {
  const back = form.get('back');
  const safe = typeof back === 'string' ? toSafeNextPath(back) : '/';
  return safe === '/' && back !== '/' ? fallback : safe;
}

// What a page says after a refused plain-form write: fixed sentences, never text from the URL.
/** Why a plain-form write was refused; the idea page words each one (pageIdea.notice*). */
const NOTICE_CODES = ['vote', 'follow', 'comment', 'empty-comment'] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

export function isNoticeCode(code: string | null): code is NoticeCode {
  return (NOTICE_CODES as readonly (string | null)[]).includes(code);
}

/** `path` with a notice for the page to show (a refused write), keeping its hash last. */
export function withNotice(path: string, notice: NoticeCode): string {
  const url = new URL(path, 'https://chorus.invalid');
  url.searchParams.set('notice', notice);
  return url.pathname + url.search + url.hash;
}

/** A 303 (See Other): the browser then GETs the page, so a reload never posts twice. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}

export function signInFirst(back: string): Response {
  return seeOther(withNext('/signin', back));
}

/**
 * A plain-form toggle on an idea (vote, follow): signed-in members only; finds the member's record, then
 * deletes it or creates one, and sends the browser back (with a notice when refused).
 */
export function togglePost<T>(
  notice: NoticeCode,
  store: {
    find: (pb: PocketBase, postId: string, userId: string) => Promise<T | null>;
    remove: (pb: PocketBase, existing: T) => Promise<unknown>;
    create: (pb: PocketBase, postId: string, userId: string) => Promise<unknown>;
  },
): APIRoute {
  return async ({ params, request, locals }) => {
    const postId = params.id ?? '';
    const back = backPath(await request.formData(), `/p/${postId}`);
    const { pb, user } = locals;
    if (!user) return signInFirst(back);
    try {
      const existing = await store.find(pb, postId, user.id);
      if (existing) await store.remove(pb, existing);
      else await store.create(pb, postId, user.id);
      return seeOther(back);
    } catch {
      return seeOther(withNotice(back, notice));
    }
  };
}
