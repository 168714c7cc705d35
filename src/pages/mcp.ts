// /mcp — the Model Context Protocol server for AI agents (src/lib/mcp/server.ts): Streamable HTTP, stateless,
// authenticated by an API key. Never cached.
import type { APIRoute } from 'astro';
import { handleMcpRequest } from '../lib/mcp/server';

export const ALL: APIRoute = ({ request, locals, url }) =>
  handleMcpRequest(request, { pb: locals.pb, siteUrl: url.origin });
