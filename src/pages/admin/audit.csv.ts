// The audit log as CSV for admins, with the filters of /admin/audit, fetched from PocketBase with the admin's
// own token (PocketBase checks it, records the export and guards formula cells). Column names stay English.
import type { APIRoute } from 'astro';
import { auditQueryOf, fetchAuditCsv } from '../../features/audit/audit';
import { csvDownload } from '../../lib/csv-download';

export const GET: APIRoute = async ({ locals, url }) => {
  if (locals.user?.role !== 'admin' || locals.user.blocked) return new Response('Not found', { status: 404 });
  const upstream = await fetchAuditCsv(locals.pb, auditQueryOf(url.searchParams));
  return csvDownload(upstream, 'audit.csv');
};
