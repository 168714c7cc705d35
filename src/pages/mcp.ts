// /mcp — the Model Context Protocol server for AI agents (src/features/mcp/server.ts): Streamable HTTP, stateless,
// authenticated by an API key. Never cached.
import type { APIRoute } from 'astro';
import { handleMcpRequest } from '../features/mcp/server';

export const ALL: APIRoute = ({ request, locals, url }) =>
  handleMcpRequest(request, { pb: locals.pb, siteUrl: url.origin });
