// `npm run bench -- mcp`: what an agent waits for on the MCP server (issue #26): search_ideas and get_idea through
// /mcp on the built site in workerd, on the bench's 10,000 ideas (BENCH_SCALE_IDEAS), with a read key and with a
// staff key (a staff key's get_idea also reads revenue and the companies waiting). Each call is one HTTP request
// from the SDK's own client, the key checked on each. Prints p50/p95 on loopback; never fails on time.
import '../lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import PocketBase from 'pocketbase';
import { growIdeas } from '../lib/bench/scale.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { freePorts } from '../lib/ports.mjs';
import { startStack } from '../lib/stack.mjs';
import { summarize } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench mcp',
  file: import.meta.url,
  synopsis: '[--calls N]',
  options: { calls: { type: 'string', default: '60' } },
});
const CALLS = positiveNumber(values.calls, '--calls');
const IDEAS = Number(process.env.BENCH_SCALE_IDEAS ?? 10_000);
const QUERIES = ['export', 'dark mode', 'calendar sync', 'offline', 'notifications', 'csv', 'search', 'mobile'];
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-mcp-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
try {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  const grown = await growIdeas(admin, IDEAS);
  console.log(`${grown?.total ?? IDEAS} ideas on the board`);
  const password = 'bench-password-123';
  await admin.collection('users').create({
    email: 'keys@bench.test',
    password,
    passwordConfirm: password,
    name: 'Key owner',
    verified: true,
    role: 'admin',
  });
  const owner = new PocketBase(stack.pbUrl);
  await owner.collection('users').authWithPassword('keys@bench.test', password);
  const ideas = (await admin.collection('posts').getList(1, 50, { sort: '-vote_count', fields: 'id' })).items;
  for (const scope of ['read', 'staff']) {
    const key = await owner.send('/api/chorus/api-keys', {
      method: 'POST',
      body: { name: `Bench ${scope}`, scope, rate_limit: 100000 },
    });
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', stack.siteUrl), {
        requestInit: { headers: { Authorization: `Bearer ${key.token}` } },
      }),
    );
    const time = async (into, args, name) => {
      const started = performance.now();
      const answer = await client.callTool({ name, arguments: args });
      if (answer.isError) throw new Error(`${name} failed: ${JSON.stringify(answer.content)}`);
      into.push(performance.now() - started);
    };
    const search = [];
    const read = [];
    for (let i = 0; i < 5; i += 1) await time([], { query: 'warm up' }, 'search_ideas');
    for (let i = 0; i < CALLS; i += 1) {
      await time(search, { query: QUERIES[i % QUERIES.length], limit: 10 }, 'search_ideas');
      await time(read, { idea: ideas[i % ideas.length].id }, 'get_idea');
    }
    console.log(summarize(`${scope} key: search_ideas (10 results)`, search));
    console.log(summarize(`${scope} key: get_idea`, read));
    await client.close();
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
