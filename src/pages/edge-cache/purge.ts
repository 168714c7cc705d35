// POST /edge-cache/purge {tags}: PocketBase asks the Worker to purge cached pages after a write commits.

import { EDGE_PURGE_SECRET, LOCAL_EDGE_CACHE_URL } from 'astro:env/server';
import type { APIRoute } from 'astro';
import { handlePurgeRequest } from '../../lib/edge-cache/purge';

export const POST: APIRoute = ({ request }) =>
  handlePurgeRequest(request, { secret: EDGE_PURGE_SECRET, localEdgeUrl: LOCAL_EDGE_CACHE_URL });
