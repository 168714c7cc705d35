// An AI agent uses Chorus through its MCP server (/mcp on the built site in workerd), with the SDK's own client
// over HTTP and an API key an admin made: it lists the tools, searches, reads an idea, and a read key is refused
// a staff tool in words it can act on.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApiKey } from '../../support/api-keys';
import { expect, test } from '../fixtures';
import { clientFor, createIdea, unique } from '../staff-helpers';

test('an agent with a read key connects over HTTP, searches the board and reads an idea, but may not change it', async ({
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const owner = await createMember({ role: 'admin' });
  const adminClient = await clientFor(pbUrl, owner.email, owner.password);
  const key = await createApiKey(adminClient, 'read', { name: unique('Agent') });
  const title = unique('Agents can read this idea');
  const idea = await createIdea(admin, owner.id, title);

  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseURL), {
      requestInit: { headers: { Authorization: `Bearer ${key.token}` } },
    }),
  );
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_ideas', 'get_idea', 'set_status']));
  const found = (await client.callTool({ name: 'search_ideas', arguments: { query: title } })) as unknown as {
    structuredContent: { ideas: { id: string; url: string }[] };
  };
  expect(found.structuredContent.ideas[0]).toMatchObject({
    id: idea.id,
    url: `${new URL(baseURL as string).origin}/p/${idea.id}`,
  });
  const read = (await client.callTool({ name: 'get_idea', arguments: { idea: idea.id } })) as unknown as {
    structuredContent: { idea: { title: string } };
  };
  expect(read.structuredContent.idea.title).toBe(title);
  const refused = (await client.callTool({
    name: 'set_status',
    arguments: { idea: idea.id, status: 'Done' },
  })) as unknown as {
    isError: boolean;
    content: { text: string }[];
  };
  expect(refused.isError).toBe(true);
  expect(refused.content[0]?.text).toContain('needs an API key with the staff scope');
  await client.close();

  const inAddress = await fetch(new URL(`/mcp?key=${key.token}`, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${key.token}` },
    body: '{}',
  });
  expect(inAddress.status).toBe(400);
});
