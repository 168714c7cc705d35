// `npm run bench -- mentions`: what one mention-suggestion request costs (GET /api/chorus/posts/{id}/mentionable,
// issue #25), as the member base grows. Fills a fresh PocketBase with MEMBERS members (default 2,000, made
// through the API, eight at a time) and times the suggestions for an idea on a
// public board over HTTP on loopback: an empty query (everyone matches), a common prefix, and a name nobody has.
// Prints p50 and p95 per query. Never fails on time.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { commandLine } from '../lib/cli.mjs';
import { startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';
import { summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench mentions', file: import.meta.url });

const MEMBERS = Number(process.env.MEMBERS ?? 2_000);
const ROUNDS = 25; // four queries × 25 stay under the 120-a-minute limit per member
const superuser = { email: 'bench@chorus.test', password: 'bench-password-123' };
const secret = randomBytes(16).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-mentions-'));
const server = await startPocketBase({ dataDir, port: await freePort(), superuser, proxySecret: secret });

// Each caller its own client address, so the per-address limits of the bench's own requests never bind.
let address = 0;
function client() {
  address += 1;
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  const headers = forwardedAddress(secret, `10.8.${(address >> 8) & 255}.${address & 255}`);
  pb.beforeSend = (url, options) => ({ url, options: { ...options, headers: { ...options.headers, ...headers } } });
  return pb;
}

try {
  const admin = client();
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  const board = await admin.collection('boards').create({ name: 'Bench', slug: 'bench', visibility: 'public' });
  const author = await admin.collection('users').create({
    email: 'author@chorus.test',
    password: superuser.password,
    passwordConfirm: superuser.password,
    name: 'Author',
    verified: true,
  });
  const post = await admin
    .collection('posts')
    .create({ board: board.id, author: author.id, title: 'Bench idea', body: 'x', approved: true });
  for (let start = 0; start < MEMBERS; start += 8) {
    const batch = [];
    for (let i = start; i < Math.min(start + 8, MEMBERS); i += 1) {
      batch.push(
        admin.collection('users').create({
          email: `m${i}@chorus.test`,
          password: superuser.password,
          passwordConfirm: superuser.password,
          name: `Member ${i}`,
          verified: true,
        }),
      );
    }
    await Promise.all(batch);
  }
  const caller = client();
  await caller.collection('users').authWithPassword('author@chorus.test', superuser.password);
  console.log(`Mention suggestions for an idea on a public board, ${MEMBERS.toLocaleString('en')} members:`);
  for (const [label, q] of [
    ['empty query (everyone matches)', ''],
    ['"Mem" (everyone matches)', 'Mem'],
    ['"Member 1234"', 'Member 1234'],
    ['"zzz" (nobody)', 'zzz'],
  ]) {
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await caller.send(`/api/chorus/posts/${post.id}/mentionable`, { query: { q } });
      times.push(performance.now() - started);
    }
    console.log(summarize(`  ${label}`, times));
  }
} finally {
  await server.stop();
}
