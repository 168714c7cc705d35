// An admin downloads a member's data on their request (PocketBase checks the admin and records it in the
// audit log), as the same zip the member would get.
import type { APIRoute } from 'astro';
import { isAdmin } from '../../../../lib/access';
import { dataArchiveResponse } from '../../../../lib/data-archive-response';

export const GET: APIRoute = async ({ locals, params }) => {
  if (!isAdmin(locals.user)) return new Response('Not found', { status: 404 });
  const id = String(params.id ?? '');
  return dataArchiveResponse(locals.pb, id, `/admin/members/${encodeURIComponent(id)}`);
};
