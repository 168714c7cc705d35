// The MCP server at /mcp (issue #26, item 3): Streamable HTTP in stateless mode (a new McpServer and transport
// per request, JSON answers), authenticated by an API key in the Authorization header only. The key is checked
// once per request (GET /api/chorus/api-keys/self: a revoked or expired key is refused at once) and every tool
// then calls PocketBase as that key, so the key's scope and PocketBase's rules decide what an agent sees and does;
// each of those calls also counts against the key's own rate limit.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { PocketBase } from '../../lib/pb/client';
import { ClientResponseError } from '../../lib/pb/client';
import { readTextWithin } from '../../lib/request-body';
import { callingKeyOf } from '../api-keys/api-keys-data';
import type { CallingKey, ChorusTool, ToolContext } from './tool';
import { readTools } from './tools/read';
import { staffTools } from './tools/staff';

export const MCP_TOOLS: ChorusTool[] = [...readTools, ...staffTools];
export const MAX_MCP_BODY = 256 * 1024;
const KEY_PARAMS = /^(key|api_key|apikey|token|access_token|auth|authorization)$/i;

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code: status === 429 ? -32029 : -32001, message }, id: null },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}

/** The key behind `token`, or the HTTP refusal to answer with. */
async function callingKey(pb: PocketBase, token: string): Promise<CallingKey | Response> {
  pb.authStore.save(token, null);
  try {
    return await callingKeyOf<CallingKey>(pb);
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 429) {
      return jsonRpcError(429, `${error.message} This API key is past its rate limit: wait a minute and retry.`, {
        'retry-after': '60',
      });
    }
    if (error instanceof ClientResponseError && error.status !== 0 && error.status < 500) {
      return jsonRpcError(
        401,
        'This API key is unknown, revoked or expired. An admin can create one on /admin/api-keys.',
        {
          'www-authenticate': 'Bearer realm="chorus-mcp"',
        },
      );
    }
    return jsonRpcError(503, 'Chorus could not check the API key now; try again.');
  }
}

export function buildServer(context: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'chorus', title: 'Chorus feedback board', version: '1.0.0' },
    {
      instructions:
        'Chorus is a customer feedback board. Search and read ideas, rank them, find duplicates; with a staff key also triage them. Every answer is JSON; ideas link to the site.',
    },
  );
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.scope === 'staff' ? `${tool.description} (Needs a staff key.)` : tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
      },
      ((args: never) => tool.run(args, context)) as never,
    );
  }
  return server;
}

export async function handleMcpRequest(
  request: Request,
  options: { pb: PocketBase; siteUrl: string },
): Promise<Response> {
  const url = new URL(request.url);
  if ([...url.searchParams.keys()].some((name) => KEY_PARAMS.test(name))) {
    return jsonRpcError(
      400,
      "An API key is sent in the 'Authorization: Bearer <key>' header, never in the address, where logs would keep it.",
    );
  }
  if (request.method !== 'POST') {
    return jsonRpcError(405, 'This MCP server is stateless: send JSON-RPC requests with POST.', { allow: 'POST' });
  }
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) {
    return jsonRpcError(
      401,
      "Send an API key as 'Authorization: Bearer <key>' (an admin creates keys on /admin/api-keys).",
      {
        'www-authenticate': 'Bearer realm="chorus-mcp"',
      },
    );
  }
  const body = await readTextWithin(request, MAX_MCP_BODY);
  if (body === null) return jsonRpcError(413, `A request is at most ${MAX_MCP_BODY / 1024} KB.`);
  const key = await callingKey(options.pb, token);
  if (key instanceof Response) return key;
  const server = buildServer({ pb: options.pb, key, siteUrl: options.siteUrl.replace(/\/+$/, '') });
  // Stateless: no session id generator (the SDK's documented way), so no session is kept between requests.
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  const replay = new Request(request.url, { method: 'POST', headers: request.headers, body });
  const response = await transport.handleRequest(replay);
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  return new Response(response.body, { status: response.status, headers });
}
