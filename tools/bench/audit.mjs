// `npm run bench -- audit`: what the audit log costs a staff status change (issue #25: before and after in the
// same run). Two fresh PocketBases side by side, one without the audit hooks (before: pb_hooks without
// audit.pb.js), one with them (after); a moderator changes the status and official response of the same
// ideas on both, one request at a time, alternating between them so the machine's load weighs on both alike.
// Prints p50 and p95 of the update request and the server's own time per entry written. Never fails on time.
import '../lib/require-node.mjs';
import { BENCH_SUPERUSER, createMember, startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench audit', file: import.meta.url });

const IDEAS = 20;
const ROUNDS = 15; // status changes per idea
const WARM_UP = 20;
async function start({ withoutAudit }) {
  const bench = await startBenchPocketBase({ without: withoutAudit ? ['audit.pb.js'] : [] });
  const { admin, board, author, url, secret } = bench;
  const mod = await createMember(admin, 'mod');
  await admin.collection('users').update(mod.id, { role: 'moderator' });
  const moderator = visitorClient(url, secret);
  await moderator.collection('users').authWithPassword(mod.email, BENCH_SUPERUSER.password);
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
  return { admin, moderator, statuses: statuses.map((s) => s.id), ideas, stop: bench.stop, times: [] };
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
