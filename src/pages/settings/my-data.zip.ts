// A member downloads everything Chorus holds about them as one zip (data.json and their uploaded files),
// fetched from PocketBase with their own session; at most three an hour (PocketBase counts them).
import type { APIRoute } from 'astro';
import { dataArchiveResponse } from '../../features/account/data-archive-response';

export const GET: APIRoute = async ({ locals, redirect }) => {
  if (!locals.user) return redirect('/signin?next=/settings', 303);
  return dataArchiveResponse(locals.pb, '', '/settings');
};
