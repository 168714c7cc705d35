// The audit log as CSV for admins, with the filters of /admin/audit, fetched from PocketBase with the admin's
// own token (PocketBase checks it, records the export and guards formula cells). Column names stay English.
import type { APIRoute } from 'astro';
import { auditQueryOf, fetchAuditCsv } from '../../features/audit/audit';

export const GET: APIRoute = async ({ locals, url }) => {
  if (locals.user?.role !== 'admin' || locals.user.blocked) return new Response('Not found', { status: 404 });
  const upstream = await fetchAuditCsv(locals.pb, auditQueryOf(url.searchParams));
  if (!upstream.ok) return new Response('Export failed', { status: upstream.status });
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit.csv"',
      'cache-control': 'private, no-store',
    },
  });
};
