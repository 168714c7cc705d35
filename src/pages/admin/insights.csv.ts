// The numbers behind staff insight's charts as CSV (one chart with ?chart=, or all), for admins and moderators,
// fetched from PocketBase with the staff member's own token (it checks the role and guards formula cells).
import type { APIRoute } from 'astro';
import { fetchInsightsCsv, insightsQueryOf } from '../../features/insights-report/insights-report';
import { isStaff } from '../../lib/access';
import { csvDownload } from '../../lib/csv-download';

export const GET: APIRoute = async ({ locals, url }) => {
  if (!isStaff(locals.user)) return new Response('Not found', { status: 404 });
  const chart = /^[a-z_]{1,20}$/.test(url.searchParams.get('chart') ?? '')
    ? (url.searchParams.get('chart') as string)
    : '';
  const upstream = await fetchInsightsCsv(locals.pb, insightsQueryOf(url.searchParams), chart);
  return csvDownload(upstream, `insights${chart ? `-${chart}` : ''}.csv`);
};
