// A CSV that PocketBase wrote (with the staff member's own token) handed to the browser as a private download,
// or the export's failure with PocketBase's status.
export function csvDownload(upstream: Response, filename: string): Response {
  if (!upstream.ok) return new Response('Export failed', { status: upstream.status });
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}
