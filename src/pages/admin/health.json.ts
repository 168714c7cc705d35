// The health report as JSON, for an admin signed in, or for monitoring with `Authorization: <token>` (a
// PocketBase superuser's token, e.g. an impersonation token, or an admin's): PocketBase checks it. The answer
// also says how PocketBase saw this request arrive through the site (`pocketbase.client`: `npm run doctor`
// reads it). Anyone else gets a 404.
import type { APIRoute } from 'astro';
import { loadHealth } from '../../features/health/health';
import { isAdmin } from '../../lib/access';

const notFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'private, no-store' } });

export const GET: APIRoute = async ({ locals, request, url }) => {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') || undefined;
  if (!isAdmin(locals.user) && !token) return notFound();
  try {
    const health = await loadHealth(locals.pb, url.origin, isAdmin(locals.user) ? undefined : token);
    return new Response(JSON.stringify(health), {
      headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403) return notFound();
    throw error;
  }
};
