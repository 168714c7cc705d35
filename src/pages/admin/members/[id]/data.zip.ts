// An admin downloads a member's data on their request (PocketBase checks the admin and records it in the
// audit log), as the same zip the member would get.
import type { APIRoute } from 'astro';
import { dataArchiveResponse } from '../../../../features/account/data-archive-response';
import { isAdmin } from '../../../../lib/access';

export const GET: APIRoute = async ({ locals, params }) => {
  if (!isAdmin(locals.user)) return new Response('Not found', { status: 404 });
  const id = String(params.id ?? '');
  return dataArchiveResponse(locals.pb, id, `/admin/members/${encodeURIComponent(id)}`);
};
