// GET /embed/allowed.json?origin=…: whether the admin allowed that origin to frame the widget's panel, asked
// by the loader before it shows the panel (src/widget/protocol.ts). Public, as the panel's frame-ancestors
// are. Not a page (its extension says so to the middleware): one read of the settings, no shell.
import type { APIRoute } from 'astro';
import { parseOrigins } from '../../features/widget/embed';
import { loadWidgetSettings } from '../../features/widget/widget-data';
import type { OriginCheck } from '../../widget/protocol';

export const GET: APIRoute = async ({ url, locals }) => {
  const origin = url.searchParams.get('origin') ?? '';
  const { allowed_origins } = await loadWidgetSettings(locals.pb);
  const allowed = parseOrigins(allowed_origins).origins.includes(origin);
  // Never cached: the list has no purge tag (as the panel's pages, whose frame-ancestors it mirrors).
  return Response.json({ allowed } satisfies OriginCheck, {
    headers: { 'access-control-allow-origin': '*', 'cache-control': 'private, no-store' },
  });
};
