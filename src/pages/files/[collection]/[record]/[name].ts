// An uploaded image of an idea, a comment or a changelog entry (src/lib/pb/file-urls.ts): a visitor gets it
// while the record is public, cached at the edge under the tags its visibility changes purge; a signed-in member
// gets it (never cached but by their own browser) through a short-lived file token asked for with their sign-in.
import type { APIRoute } from 'astro';
import { ClientResponseError } from '../../../../lib/pb/client';
import { parseFileAddress } from '../../../../lib/pb/file-urls';
import { fetchProtectedFile, fileResponse, visitorFileTags } from '../../../../lib/pb/protected-files';

/** How long a member's browser may keep a file it was allowed (it saw it already). */
const MEMBER_CACHE_CONTROL = 'private, max-age=600';
const nothing = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'private, no-store' } });
const unavailable = () =>
  new Response('Unavailable', { status: 503, headers: { 'cache-control': 'private, no-store' } });
/** PocketBase's refusal (404: not readable by this person) or a failure of its own (limits, errors). */
const refusal = (status: number) => (status === 404 || status === 400 ? nothing() : unavailable());

/** A file token for the member signed in by the request's cookie, or null for anyone PocketBase does not honour. */
async function memberFileToken(pb: App.Locals['pb']): Promise<string | null> {
  if (!pb.authStore.isValid || pb.authStore.record?.collectionName !== 'users') return null;
  try {
    return await pb.files.getToken();
  } catch (error) {
    if (error instanceof ClientResponseError && [400, 401, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

export const GET: APIRoute = async ({ params, url, request, locals }) => {
  const address = parseFileAddress(params, url.searchParams);
  if (!address) return nothing();
  const { pb } = locals;
  try {
    // The middleware checks no session here: a sign-in PocketBase does not honour gets no file token, and is
    // answered as a visitor.
    const token = await memberFileToken(pb);
    if (token) {
      const answer = await fetchProtectedFile(pb, address, { token, request });
      if (answer.status !== 200 && answer.status !== 304) return refusal(answer.status);
      return fileResponse(answer, MEMBER_CACHE_CONTROL);
    }
    const tags = await visitorFileTags(pb, address);
    if (!tags) return nothing();
    const answer = await fetchProtectedFile(pb, address);
    if (answer.status !== 200) return refusal(answer.status);
    // The middleware's edge-cache step turns these tags into Cache-Tag and the edge's freshness.
    locals.cacheTags = tags;
    return fileResponse(answer, null);
  } catch (error) {
    console.error(`Serving ${url.pathname} failed:`, error);
    return unavailable();
  }
};
