// The ideas CSV for admins, fetched from PocketBase with the admin's own token. Its column headers are
// stable English identifiers in every locale (machine-readable, like the API's field names): never translated.
import type { APIRoute } from 'astro';
import { fetchPostsCsv } from '../../features/site/admin-data';

export const GET: APIRoute = async ({ locals }) => {
  if (locals.user?.role !== 'admin') return new Response('Not found', { status: 404 });
  const upstream = await fetchPostsCsv(locals.pb);
  if (!upstream.ok) return new Response('Export failed', { status: upstream.status });
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="ideas.csv"',
      'cache-control': 'private, no-store',
    },
  });
};
