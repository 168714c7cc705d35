// GET /embed/allowed?origin=…: whether the admin allowed that origin to frame the widget's panel, asked by
// the loader before it shows the panel (src/widget/protocol.ts). Public, as the panel's frame-ancestors are.
import type { APIRoute } from 'astro';
import { parseOrigins } from '../../lib/embed';
import type { OriginCheck } from '../../widget/protocol';

export const GET: APIRoute = ({ url, locals }) => {
  const origin = url.searchParams.get('origin') ?? '';
  const allowed = parseOrigins(locals.widget?.allowed_origins ?? '').origins.includes(origin);
  return Response.json({ allowed } satisfies OriginCheck, { headers: { 'access-control-allow-origin': '*' } });
};
