// The MCP server (issue #26, item 3) with the SDK's own client over Streamable HTTP, against a real PocketBase:
// every tool with a read key and with a staff key, the access matrix (a read key never sees an internal comment, a
// staff-only board, an email address or revenue), staff-only tools refused to weaker keys, a revoked key refused
// at once, and bad input (oversized and malformed arguments, filter injection, rate limit, a key in the address).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleMcpRequest } from '../../../src/features/mcp/server';
import { type CreatedKey, createApiKey } from '../../support/api-keys';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

const SITE = 'https://feedback.example.com';
let pb: TestPocketBase;
let actors: Actors;
let keys: Record<'read' | 'member' | 'staff', CreatedKey>;
let publicIdea: RecordModel;
let secretIdea: RecordModel;
let cjkIdea: RecordModel;
let statuses: Record<string, RecordModel>;

/** What the Worker does for /mcp, reachable by the SDK's transport through its `fetch` option. */
const siteFetch = (input: string | URL | Request, init?: RequestInit) =>
  handleMcpRequest(new Request(input, init), { pb: pb.visitor(), siteUrl: SITE });

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'chorus-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${SITE}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: siteFetch,
  });
  await client.connect(transport);
  return client;
}

// biome-ignore lint/suspicious/noExplicitAny: tools answer arbitrary JSON, read by the assertions below.
type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: any };
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}
const textOf = (answer: ToolAnswer) => answer.content.map((c) => c.text).join('\n');

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  const board = await createBoard(pb, 'public');
  const staffBoard = await createBoard(pb, 'staff');
  statuses = Object.fromEntries((await pb.admin.collection('statuses').getFullList()).map((s) => [s.slug, s]));
  publicIdea = await createPost(pb, board, actors.member, {
    title: 'Export reports to CSV',
    body: 'Monthly CSV export please',
  });
  secretIdea = await createPost(pb, staffBoard, actors.moderator, {
    title: 'Export pricing experiment',
    body: 'Secret',
  });
  cjkIdea = await createPost(pb, board, actors.member, { title: '日本語のサポート', body: '翻訳をお願いします' });
  await createPost(pb, board, actors['other member'], { title: 'CSV export of votes', body: 'Also CSV' });
  await pb.admin
    .collection('comments')
    .create({ post: publicIdea.id, author: idOf(actors.member), body: 'Public thought' });
  await pb.admin.collection('comments').create({
    post: publicIdea.id,
    author: idOf(actors.moderator),
    body: 'Internal: big customer asks',
    internal: true,
  });
  const globex = await pb.admin
    .collection('companies')
    .create({ external_id: 'globex', name: 'Globex', plan: 'Enterprise', monthly_revenue: 4200 });
  await pb.admin.collection('member_profiles').create({ user: idOf(actors['other member']), company: globex.id });
  await actors['other member'].collection('votes').create({ post: publicIdea.id, user: idOf(actors['other member']) });
  await pb.admin.collection('tags').create({ name: 'Reporting', color: '#123456' });
  keys = {
    read: await createApiKey(actors.admin, 'read', { name: 'Reader agent' }),
    member: await createApiKey(actors.admin, 'member', { name: 'Member agent' }),
    staff: await createApiKey(actors.admin, 'staff', { name: 'Triage agent' }),
  };
}, 60_000);

afterAll(async () => {
  await pb?.stop();
});

describe('an agent connects with an API key', () => {
  it('lists every tool with a description and an input schema', async () => {
    const client = await connect(keys.read.token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'add_internal_comment',
        'draft_changelog_entry',
        'find_duplicates',
        'get_idea',
        'list_top_ideas',
        'merge_ideas',
        'search_ideas',
        'set_status',
        'tag_idea',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools.find((t) => t.name === 'set_status')?.description).toContain('Needs a staff key');
    await client.close();
  });

  it('refuses no key, a wrong key, a key in the address, and a request that is not POST', async () => {
    const post = (url: string, headers: Record<string, string> = {}) =>
      siteFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await post(`${SITE}/mcp`)).status).toBe(401);
    expect((await post(`${SITE}/mcp`, { Authorization: 'Bearer not-a-key' })).status).toBe(401);
    const inAddress = await post(`${SITE}/mcp?api_key=${keys.read.token}`, {
      Authorization: `Bearer ${keys.read.token}`,
    });
    expect(inAddress.status).toBe(400);
    expect(await inAddress.text()).toContain('never in the address');
    expect(
      (await siteFetch(`${SITE}/mcp`, { method: 'GET', headers: { Authorization: `Bearer ${keys.read.token}` } }))
        .status,
    ).toBe(405);
    const huge = await siteFetch(`${SITE}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.read.token}`, 'content-type': 'application/json' },
      body: 'x'.repeat(300 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it('refuses a revoked key at once', async () => {
    const key = await createApiKey(actors.admin, 'staff', { name: 'Soon revoked' });
    const client = await connect(key.token);
    expect((await call(client, 'search_ideas', { query: 'CSV' })).isError).toBeFalsy();
    await actors.admin.send(`/api/chorus/api-keys/${key.id}/revoke`, { method: 'POST' });
    await expect(call(client, 'search_ideas', { query: 'CSV' })).rejects.toThrow(/401|revoked/);
  });

  it('answers 429 with a clear message past the key’s rate limit', async () => {
    const key = await createApiKey(actors.admin, 'read', { name: 'Tiny limit', rate_limit: 4 });
    const client = await connect(key.token);
    let refused = '';
    for (let i = 0; i < 8 && !refused; i += 1) {
      try {
        const answer = await call(client, 'search_ideas', { query: 'CSV' });
        if (answer.isError) refused = textOf(answer);
      } catch (error) {
        refused = String(error);
      }
    }
    expect(refused).toMatch(/rate limit/);
  });
});

describe('read tools', () => {
  it('a read key searches like the site, in every script, and never sees a staff-only board', async () => {
    const client = await connect(keys.read.token);
    const csv = await call(client, 'search_ideas', { query: 'export' });
    const titles = csv.structuredContent.ideas.map((i: { title: string }) => i.title);
    expect(titles).toContain('Export reports to CSV');
    expect(titles).not.toContain('Export pricing experiment');
    expect(csv.structuredContent.ideas[0]).toMatchObject({ url: expect.stringMatching(`^${SITE}/p/`) });
    const japanese = await call(client, 'search_ideas', { query: '日本語' });
    expect(japanese.structuredContent.ideas.map((i: { id: string }) => i.id)).toEqual([cjkIdea.id]);
    const injection = await call(client, 'search_ideas', { query: '" || id != "' });
    expect(injection.isError).toBeFalsy();
    expect(JSON.stringify(injection.structuredContent)).not.toContain(secretIdea.id);
  });

  it('a read key reads an idea without internal comments, revenue or email addresses', async () => {
    const client = await connect(keys.read.token);
    const answer = await call(client, 'get_idea', { idea: `${SITE}/p/${publicIdea.id}` });
    const idea = answer.structuredContent.idea;
    expect(idea.title).toBe('Export reports to CSV');
    expect(idea.votes).toBe(1);
    expect(idea.comments.map((c: { body: string }) => c.body)).toEqual(['Public thought']);
    expect(idea.customers).toBeUndefined();
    expect(textOf(answer)).not.toMatch(/@chorus\.test|4200|Globex|Internal:/);
    const hidden = await call(client, 'get_idea', { idea: secretIdea.id });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toMatch(/Not found/);
  });

  it('a staff key also sees internal comments, the revenue and companies waiting, and the staff-only board', async () => {
    const client = await connect(keys.staff.token);
    const idea = (await call(client, 'get_idea', { idea: publicIdea.id })).structuredContent.idea;
    expect(idea.comments.find((c: { internal?: boolean }) => c.internal)?.body).toBe('Internal: big customer asks');
    expect(idea.customers).toMatchObject({
      revenue: 4200,
      companies: [{ name: 'Globex', plan: 'Enterprise', monthly_revenue: 4200, voters: 1 }],
    });
    expect(JSON.stringify(idea)).not.toMatch(/@chorus\.test/);
    const search = await call(client, 'search_ideas', { query: 'pricing' });
    expect(search.structuredContent.ideas.map((i: { id: string }) => i.id)).toEqual([secretIdea.id]);
  });

  it('lists top ideas by votes for any key, by revenue or score only for a staff key', async () => {
    const reader = await connect(keys.read.token);
    const byVotes = await call(reader, 'list_top_ideas', { by: 'votes', limit: 2 });
    expect(byVotes.structuredContent.ideas[0].id).toBe(publicIdea.id);
    const refused = await call(reader, 'list_top_ideas', { by: 'revenue' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('needs an API key with the staff scope');
    const staff = await connect(keys.staff.token);
    const byRevenue = await call(staff, 'list_top_ideas', { by: 'revenue', limit: 3 });
    expect(byRevenue.structuredContent.ideas[0]).toMatchObject({ id: publicIdea.id, revenue: 4200 });
    const badStatus = await call(staff, 'list_top_ideas', { status: 'Nope' });
    expect(textOf(badStatus)).toMatch(/There is no status “Nope”/);
  });

  it('finds likely duplicates of a text, best match first', async () => {
    const client = await connect(keys.read.token);
    const answer = await call(client, 'find_duplicates', { text: 'Could you add an export of reports as CSV files?' });
    const ids = answer.structuredContent.ideas.map((i: { id: string }) => i.id);
    expect(ids[0]).toBe(publicIdea.id);
    expect(ids).not.toContain(secretIdea.id);
  });

  it('refuses oversized and malformed arguments with a clear message', async () => {
    const client = await connect(keys.read.token);
    for (const [tool, args] of [
      ['search_ideas', { query: 'x'.repeat(201) }],
      ['search_ideas', { query: 'csv', limit: 500 }],
      ['search_ideas', { query: 42 }],
      ['get_idea', { idea: 'short' }],
      ['find_duplicates', { text: 'x'.repeat(2001) }],
      ['list_top_ideas', { by: 'chaos' }],
    ] as const) {
      const answer = await call(client, tool, args as Record<string, unknown>);
      expect(answer.isError, `${tool} ${JSON.stringify(args).slice(0, 40)}`).toBe(true);
      expect(textOf(answer)).toMatch(/Input validation error|no idea id|Give the idea/);
    }
  });
});

describe('staff tools', () => {
  it.each(['read', 'member'] as const)('a %s key is told each staff tool needs a staff key', async (scope) => {
    const client = await connect(keys[scope].token);
    for (const [tool, args] of [
      ['set_status', { idea: publicIdea.id, status: 'Planned' }],
      ['merge_ideas', { duplicate: cjkIdea.id, into: publicIdea.id }],
      ['tag_idea', { idea: publicIdea.id, tags: ['Reporting'] }],
      ['add_internal_comment', { idea: publicIdea.id, body: 'x' }],
      ['draft_changelog_entry', { title: 'x' }],
    ] as const) {
      const answer = await call(client, tool, args as Record<string, unknown>);
      expect(answer.isError).toBe(true);
      expect(textOf(answer)).toContain(`${tool} needs an API key with the staff scope`);
    }
    expect((await pb.admin.collection('posts').getOne(publicIdea.id)).status).not.toBe(statuses.planned?.id);
  });

  it('a staff key changes a status with a response (voters notified, audited as the key), tags, comments internally, drafts a release and merges', async () => {
    const client = await connect(keys.staff.token);
    const moved = await call(client, 'set_status', {
      idea: publicIdea.id,
      status: 'planned',
      response: 'Next quarter.',
    });
    expect(moved.structuredContent).toMatchObject({ status: 'Planned', response: 'Next quarter.' });
    const note = await pb.admin
      .collection('notifications')
      .getFirstListItem(
        pb.admin.filter('user = {:u} && post = {:p}', { u: idOf(actors['other member']), p: publicIdea.id }),
      );
    expect(note.kind).toBe('status');
    const entry = await pb.admin
      .collection('audit_entries')
      .getFirstListItem(pb.admin.filter("action = 'post.status' && target_id = {:id}", { id: publicIdea.id }));
    expect(entry.actor_name).toMatch(/^Triage agent \(API key of /);

    expect(
      (await call(client, 'tag_idea', { idea: publicIdea.id, tags: ['reporting'] })).structuredContent.tags,
    ).toEqual(['Reporting']);
    expect(textOf(await call(client, 'tag_idea', { idea: publicIdea.id, tags: ['Nope'] }))).toContain(
      'No tag named ["Nope"]',
    );

    const comment = await call(client, 'add_internal_comment', { idea: publicIdea.id, body: 'Agent triage note' });
    const saved = await pb.admin.collection('comments').getOne(comment.structuredContent.comment);
    expect(saved).toMatchObject({ internal: true, body: 'Agent triage note' });
    await expect(actors.member.collection('comments').getOne(saved.id)).rejects.toMatchObject({ status: 404 });

    const draft = await call(client, 'draft_changelog_entry', {
      title: 'CSV exports',
      body: 'Shipped.',
      ideas: [publicIdea.id],
      labels: ['new'],
    });
    const release = await pb.admin.collection('changelog_entries').getOne(draft.structuredContent.entry);
    expect(release).toMatchObject({ state: 'draft', posts: [publicIdea.id], published_at: '' });
    await expect(actors.visitor.collection('changelog_entries').getOne(release.id)).rejects.toMatchObject({
      status: 404,
    });

    const dup = await createPost(pb, await createBoard(pb, 'public'), actors.member, { title: 'CSV please' });
    const merged = await call(client, 'merge_ideas', { duplicate: dup.id, into: publicIdea.id });
    expect(merged.structuredContent).toMatchObject({ duplicate: dup.id, into: publicIdea.id });
    expect((await pb.admin.collection('posts').getOne(dup.id)).merged_into).toBe(publicIdea.id);
    const again = await call(client, 'merge_ideas', { duplicate: dup.id, into: publicIdea.id });
    expect(again.isError).toBe(true);
  });
});
