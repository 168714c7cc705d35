// `npm run bench -- audit`: what the audit log costs a staff status change (issue #25: before and after in the
// same run). Two fresh PocketBases side by side, one without the audit hooks (before: pb_hooks without
// audit.pb.js), one with them (after); a moderator changes the status and official response of the same
// ideas on both, one request at a time, alternating between them so the machine's load weighs on both alike.
// Prints p50 and p95 of the update request and the server's own time per entry written. Never fails on time.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { commandLine } from '../lib/cli.mjs';
import { startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench audit', file: import.meta.url });

const IDEAS = 20;
const ROUNDS = 15; // status changes per idea
const WARM_UP = 20;
const superuser = { email: 'bench@chorus.test', password: 'bench-password-123' };
let address = 0;

function client(url, secret) {
  address += 1;
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const headers = forwardedAddress(secret, `10.8.${(address >> 8) & 255}.${address & 255}`);
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, headers: { ...options.headers, ...headers } },
  });
  return pb;
}

async function start({ withoutAudit }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-audit-'));
  let hooksDir;
  if (withoutAudit) {
    hooksDir = mkdtempSync(join(tmpdir(), 'chorus-hooks-'));
    cpSync(new URL('../../pb_hooks', import.meta.url), hooksDir, { recursive: true });
    rmSync(join(hooksDir, 'audit.pb.js'));
  }
  const secret = randomBytes(16).toString('hex');
  const server = await startPocketBase({
    dataDir,
    port: await freePort(),
    superuser,
    proxySecret: secret,
    ...(hooksDir && { hooksDir }),
  });
  const admin = client(server.url, secret);
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  const board = await admin.collection('boards').create({ name: 'Bench', slug: 'bench', visibility: 'public' });
  const password = superuser.password;
  const author = await admin
    .collection('users')
    .create({ email: 'author@chorus.test', password, passwordConfirm: password, name: 'Author', verified: true });
  await admin.collection('users').create({
    email: 'mod@chorus.test',
    password,
    passwordConfirm: password,
    name: 'Moderator',
    verified: true,
    role: 'moderator',
  });
  const moderator = client(server.url, secret);
  await moderator.collection('users').authWithPassword('mod@chorus.test', password);
  const statuses = await Promise.all(
    ['open', 'planned'].map((slug) => admin.collection('statuses').getFirstListItem(`slug = "${slug}"`)),
  );
  const ideas = [];
  for (let i = 0; i < IDEAS; i += 1) {
    const idea = await admin
      .collection('posts')
      .create({ board: board.id, author: author.id, title: `Idea ${i}`, body: 'x', approved: true });
    ideas.push(idea.id);
  }
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (hooksDir) rmSync(hooksDir, { recursive: true, force: true });
  };
  return { admin, moderator, statuses: statuses.map((s) => s.id), ideas, stop, times: [] };
}

const before = await start({ withoutAudit: true });
const after = await start({ withoutAudit: false });
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < IDEAS; i += 1) {
      // Alternate which one goes first, so neither always follows the other's request.
      const pair = (round + i) % 2 ? [before, after] : [after, before];
      for (const stack of pair) {
        const status = stack.statuses[(round + 1) % 2];
        const start = performance.now();
        await stack.moderator
          .collection('posts')
          .update(stack.ideas[i], { status, response: `Round ${round}: on our list.` });
        stack.times.push(performance.now() - start);
      }
    }
  }
  const entries = await after.admin.collection('audit_entries').getList(1, 1, { filter: 'action = "post.status"' });
  const none = await before.admin.collection('audit_entries').getList(1, 1);
  const changes = IDEAS * ROUNDS;
  console.log(`A moderator's status change with an official response (${changes} on each, sequential, loopback;`);
  console.log(
    `the first ${WARM_UP} are warm-up; audit entries written: ${entries.totalItems} after, ${none.totalItems} before)\n`,
  );
  const b = before.times.slice(WARM_UP);
  const a = after.times.slice(WARM_UP);
  console.log(summarize('before: no audit hooks', b));
  console.log(summarize('after: audit hooks (one entry per change)', a));
  const delta = (p) => (percentile(a, p) - percentile(b, p)).toFixed(1);
  console.log(`\ndifference: p50 ${delta(50)} ms, p95 ${delta(95)} ms`);
} finally {
  await before.stop();
  await after.stop();
}
