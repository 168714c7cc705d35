// Serving a protected file from PocketBase through the site (server only): as a visitor, with the edge-cache tags
// whose purge follows the record's visibility; or as the signed-in member, with a file token asked for with
// their sign-in (PocketBase checks the record's view rule either way and answers 404 to whoever may not read it).
import { boardTag, CHANGELOG_TAG, postTag, SITE_TAG } from '../edge-cache/tags';
import type { PocketBase } from './client';
import type { FileAddress } from './file-urls';

/** Thumbnails of large images take PocketBase a while the first time. */
const FILE_TIMEOUT_MS = 20_000;
/** Headers of PocketBase's answer the visitor gets. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'etag', 'last-modified'];
/** Conditional headers a signed-in member's browser sends on, so a copy it holds costs no bytes. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since'];

/** Where a comment stands: its idea and that idea's board. */
type CommentPlace = { post: string; expand?: { post?: { board: string } } };

/**
 * The edge-cache tags of a file a visitor may see: those every change of its record's visibility purges (its
 * idea, and its idea's board, whose visibility may change), and `site`, which a purge over budget (or beside a
 * board's change) collapses to; null when a visitor may not read the record.
 */
export async function visitorFileTags(pb: PocketBase, { collection, record }: FileAddress): Promise<string[] | null> {
  try {
    if (collection === 'posts') {
      const post = await pb.collection('posts').getOne<{ id: string; board: string }>(record, { fields: 'id,board' });
      return [SITE_TAG, postTag(post.id), boardTag(post.board)];
    }
    if (collection === 'comments') {
      const comment = await pb
        .collection('comments')
        .getOne<CommentPlace>(record, { fields: 'post,expand.post.board', expand: 'post' });
      return [SITE_TAG, postTag(comment.post), boardTag(comment.expand?.post?.board ?? '')];
    }
    await pb.collection(collection).getOne(record, { fields: 'id' });
    return [SITE_TAG, CHANGELOG_TAG];
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

/** PocketBase's answer for the file, as a visitor (no token) or as the member a file token names. */
export async function fetchProtectedFile(
  pb: PocketBase,
  { collection, record, name, thumb }: FileAddress,
  { token = '', request }: { token?: string; request?: Request } = {},
): Promise<Response> {
  const url = new URL(pb.buildURL(`/api/files/${collection}/${record}/${encodeURIComponent(name)}`));
  if (thumb) url.searchParams.set('thumb', thumb);
  if (token) url.searchParams.set('token', token);
  const headers: Record<string, string> = {};
  for (const name of CONDITIONAL_HEADERS) {
    const value = request?.headers.get(name);
    if (value) headers[name] = value;
  }
  // The client's own headers (the visitor's address for PocketBase's limits, the answer language).
  const init = { method: 'GET', headers, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) };
  const prepared = pb.beforeSend ? await pb.beforeSend(url.href, init) : { url: url.href, options: init };
  return fetch(prepared.url ?? url.href, prepared.options as RequestInit);
}

/** The file as the site answers it: PocketBase's bytes and file headers, with the site's cache policy. */
export function fileResponse(answer: Response, cacheControl: string | null): Response {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (cacheControl) headers.set('cache-control', cacheControl);
  return new Response(answer.status === 304 ? null : answer.body, { status: answer.status, headers });
}
