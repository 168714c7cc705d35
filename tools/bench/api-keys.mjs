// `npm run bench -- api-keys`: what API keys cost everyone else's reads (issue #26: before and after in the same
// run). Keys need no JS per request to authenticate (they are PocketBase auth tokens), but each record list
// and view request now runs a small hook that counts a key's requests against its limit. Two fresh
// PocketBases side by side, one without pb_hooks/api-keys/api-keys.pb.js (before) and one with it (after); a visitor
// lists and opens the same ideas on both, alternating, one request at a time. Also prints what the same
// reads cost a read key (its limit counted). Prints p50/p95; never fails on time.
import '../lib/require-node.mjs';
import { BENCH_SUPERUSER, createMember, startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench api-keys', file: import.meta.url });

const IDEAS = 40;
const ROUNDS = 300; // list + view pairs per PocketBase
const WARM_UP = 30;
async function start({ withoutKeys }) {
  const bench = await startBenchPocketBase({ without: withoutKeys ? ['api-keys.pb.js'] : [] });
  const { admin, board, author, url, secret } = bench;
  const ideas = [];
  for (let i = 0; i < IDEAS; i += 1) {
    const idea = await admin
      .collection('posts')
      .create({ board: board.id, author: author.id, title: `Idea ${i}`, body: 'x', approved: true });
    ideas.push(idea.id);
  }
  let keyClient = null;
  if (!withoutKeys) {
    const owner = await createMember(admin, 'owner');
    await admin.collection('users').update(owner.id, { role: 'admin' });
    const ownerClient = visitorClient(url, secret);
    await ownerClient.collection('users').authWithPassword(owner.email, BENCH_SUPERUSER.password);
    const key = await ownerClient.send('/api/chorus/api-keys', {
      method: 'POST',
      body: { name: 'Bench', scope: 'read', rate_limit: 100000 },
    });
    keyClient = visitorClient(url, secret, { token: key.token });
  }
  return {
    visitor: visitorClient(url, secret),
    keyClient,
    ideas,
    stop: bench.stop,
    list: [],
    view: [],
    keyList: [],
    keyView: [],
  };
}

async function timed(into, run) {
  const begin = performance.now();
  await run();
  into.push(performance.now() - begin);
}

const before = await start({ withoutKeys: true });
const after = await start({ withoutKeys: false });
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const pair = round % 2 ? [before, after] : [after, before];
    for (const stack of pair) {
      const ideaId = stack.ideas[round % IDEAS];
      await timed(stack.list, () => stack.visitor.collection('posts').getList(1, 20, { sort: '-created' }));
      await timed(stack.view, () => stack.visitor.collection('posts').getOne(ideaId));
    }
    await timed(after.keyList, () => after.keyClient.collection('posts').getList(1, 20, { sort: '-created' }));
    await timed(after.keyView, () => after.keyClient.collection('posts').getOne(after.ideas[round % IDEAS]));
  }
  const cut = (values) => values.slice(WARM_UP);
  console.log(
    `A visitor's record reads (${ROUNDS} of each on each PocketBase, sequential, loopback; first ${WARM_UP} warm-up)\n`,
  );
  console.log(summarize('list 20 ideas, before (no api-keys hooks)', cut(before.list)));
  console.log(summarize('list 20 ideas, after', cut(after.list)));
  console.log(summarize('open one idea, before', cut(before.view)));
  console.log(summarize('open one idea, after', cut(after.view)));
  console.log(summarize('list 20 ideas with a read key (limit counted)', cut(after.keyList)));
  console.log(summarize('open one idea with a read key', cut(after.keyView)));
  const delta = (a, b, p) => (percentile(cut(a), p) - percentile(cut(b), p)).toFixed(2);
  console.log(
    `\ndifference for visitors: list p50 ${delta(after.list, before.list, 50)} ms, p95 ${delta(after.list, before.list, 95)} ms; ` +
      `view p50 ${delta(after.view, before.view, 50)} ms, p95 ${delta(after.view, before.view, 95)} ms`,
  );
} finally {
  await before.stop();
  await after.stop();
}
