// The ideas CSV for admins, fetched from PocketBase with the admin's own token. Its column headers are
// stable English identifiers in every locale (machine-readable, like the API's field names): never translated.
import type { APIRoute } from 'astro';
import { fetchPostsCsv } from '../../features/site/admin-data';
import { csvDownload } from '../../lib/csv-download';

export const GET: APIRoute = async ({ locals }) => {
  if (locals.user?.role !== 'admin') return new Response('Not found', { status: 404 });
  const upstream = await fetchPostsCsv(locals.pb);
  return csvDownload(upstream, 'ideas.csv');
};
