// `npm run bench -- large-board [--sizes 1000,10000,100000]`: the hot reads and writes on a board of each size
// (tools/lib/bench/large-board.mjs: ten votes and two comments per idea, skewed so a few ideas hold most),
// through PocketBase's API with the site's own queries (src/features/ideas/posts-data.ts, comments-data.ts,
// priority/staff-lists.ts): the home list in each sort, a board with a status filter, a deep page, search in
// Latin, Japanese and Arabic script, the most voted idea with its comments and voters, the staff lists by worth,
// and a vote and a comment on that idea. Prints each one's median time per size, PocketBase's CPU per request
// and its memory; with --base, another revision's hooks and migrations on the same boards, size by size, for a
// before and after in one run. Never fails on time. The integration test tests/integration/ideas/large-board-queries.test.ts
// checks that each of these queries walks an index; this shows what that buys.
import '../lib/require-node.mjs';
import { readFileSync, rmSync } from 'node:fs';
import { BENCH_SUPERUSER, createMember, startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { processCpuMs } from '../lib/bench/cpu-cost.mjs';
import { seedLargeBoard } from '../lib/bench/large-board.mjs';
import { revisionTree } from '../lib/bench/revision-tree.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench large-board',
  file: import.meta.url,
  synopsis: '[--sizes 1000,10000,100000] [--repeat N] [--base REV]',
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    repeat: { type: 'string', default: '15' },
    base: { type: 'string', default: '' },
  },
});
const SIZES = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const REPEAT = Math.max(3, Number(values.repeat) || 15);

// The site's list query (src/features/ideas/posts-data.ts listPosts): SORTS and the filters it writes.
const SORTS = {
  trending: '-pinned,-trending_score,-created',
  top: '-vote_count,-created',
  new: '-created',
  discussed: '-comment_count,-created',
};
const list = (pb, sort, extra = '', page = 1) =>
  pb.collection('posts').getList(page, 20, { filter: `merged_into = ""${extra}`, sort: SORTS[sort], skipTotal: true });

/** Resident memory of a process, in MB (Linux). */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function measureSize(ideas, tree) {
  const bench = await startBenchPocketBase(tree ? { tree } : {});
  try {
    const statuses = (await bench.admin.collection('statuses').getFullList()).map((s) => s.id);
    const boards = [
      bench.board.id,
      (await bench.admin.collection('boards').create({ name: 'Second', slug: 'second', visibility: 'public' })).id,
    ];
    const seedStart = performance.now();
    const seeded = seedLargeBoard(bench.dataDir, { ideas, votes: ideas * 10, comments: ideas * 2, boards, statuses });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const visitor = visitorClient(bench.url, bench.secret);
    const member = await createMember(bench.admin, 'reader');
    const memberClient = visitorClient(bench.url, bench.secret);
    await memberClient.collection('users').authWithPassword(member.email, BENCH_SUPERUSER.password);
    const staff = visitorClient(bench.url, bench.secret);
    const admin = await bench.admin.collection('users').create({
      email: 'staff@chorus.test',
      password: BENCH_SUPERUSER.password,
      passwordConfirm: BENCH_SUPERUSER.password,
      name: 'Staff',
      verified: true,
      role: 'admin',
    });
    await staff.collection('users').authWithPassword(admin.email, BENCH_SUPERUSER.password);
    const top = seeded.topIdea;
    const pagedComments = await visitor
      .send(`/api/chorus/posts/${top}/comments`, { query: { limit: 1 } })
      .then(() => true)
      .catch(() => false);
    const reads = {
      'home, trending': () => list(visitor, 'trending'),
      'home, top': () => list(visitor, 'top'),
      'home, new': () => list(visitor, 'new'),
      'home, discussed': () => list(visitor, 'discussed'),
      'board + status, top': () => list(visitor, 'top', ` && board = "${boards[0]}" && status.slug = "planned"`),
      'home, page 20': () => list(visitor, 'new', '', 20),
      'search, Latin': () =>
        visitor.send('/api/chorus/search', { query: { q: 'dark mode', perPage: 20, expand: 'status' } }),
      'search, Japanese': () =>
        visitor.send('/api/chorus/search', { query: { q: 'ダークモード', perPage: 20, expand: 'status' } }),
      'search, Arabic': () =>
        visitor.send('/api/chorus/search', { query: { q: 'الوضع الداكن', perPage: 20, expand: 'status' } }),
      idea: () => visitor.collection('posts').getOne(top),
      // The idea page's comments: a page of 100 from Chorus's route, or (a revision before it) every comment
      // as the page's back-relation expand read them, up to PocketBase's 1,000.
      'idea comments': pagedComments
        ? () => visitor.send(`/api/chorus/posts/${top}/comments`, { query: { limit: 100 } })
        : () => visitor.collection('posts').getOne(top, { expand: 'comments_via_post' }),
      'idea comments, ten pages': pagedComments
        ? async () => {
            let after = '';
            for (let n = 0; n < 10; n++) {
              ({ next: after } = await visitor.send(`/api/chorus/posts/${top}/comments`, {
                query: after ? { limit: 100, after } : { limit: 100 },
              }));
            }
          }
        : () => visitor.collection('posts').getOne(top, { expand: 'comments_via_post' }),
      'idea voters': () => visitor.send(`/api/chorus/posts/${top}/voters`, {}),
      'staff, by score': () =>
        staff.collection('post_insights').getList(1, 20, {
          filter: 'post.merged_into = ""',
          sort: '-score,-created',
          expand: 'post',
          skipTotal: true,
        }),
      'staff, by revenue': () =>
        staff.collection('post_insights').getList(1, 20, {
          filter: 'post.merged_into = ""',
          sort: '-revenue,-created',
          expand: 'post',
          skipTotal: true,
        }),
    };
    const rows = [];
    for (const [name, read] of Object.entries(reads)) {
      await read(); // warm
      const times = [];
      const cpuBefore = processCpuMs(bench.pid);
      for (let i = 0; i < REPEAT; i++) {
        const start = performance.now();
        await read();
        times.push(performance.now() - start);
      }
      rows.push({ name, p50: percentile(times, 50), cpu: (processCpuMs(bench.pid) - cpuBefore) / REPEAT });
    }
    const memberId = member.id;
    const writeStart = performance.now();
    await memberClient.collection('votes').create({ post: top, user: memberId });
    rows.push({ name: 'vote on the top idea', p50: performance.now() - writeStart, cpu: Number.NaN });
    const commentStart = performance.now();
    await memberClient.collection('comments').create({ post: top, author: memberId, body: 'Me too.' });
    rows.push({ name: 'comment on it', p50: performance.now() - commentStart, cpu: Number.NaN });
    return {
      ideas,
      seedSeconds,
      rows,
      memory: memoryMb(bench.pid),
      topVotes: (await visitor.collection('posts').getOne(top)).vote_count,
    };
  } finally {
    await bench.stop();
  }
}

const sides = [{ label: 'this checkout', tree: undefined }];
if (values.base) sides.unshift({ label: `base ${values.base}`, tree: revisionTree(values.base) });
for (const side of sides) {
  const results = [];
  for (const size of SIZES) results.push(await measureSize(size, side.tree));
  if (side.tree) rmSync(side.tree, { recursive: true, force: true });
  print(side.label, results);
}

function print(label, results) {
  console.log(
    `\n${label}: median of ${REPEAT} requests each, loopback, PocketBase alone (ms; CPU: PocketBase's own per request):\n`,
  );
  console.log(
    `${'read'.padEnd(24)}${results.map((r) => `${`${r.ideas.toLocaleString('en')} ideas`.padStart(16)}${'CPU'.padStart(7)}`).join('')}`,
  );
  for (const [index, { name }] of (results[0]?.rows ?? []).entries()) {
    const cells = results.map((r) => {
      const row = r.rows[index];
      return `${row.p50.toFixed(1)}`.padStart(16) + (Number.isNaN(row.cpu) ? '' : row.cpu.toFixed(1)).padStart(7);
    });
    console.log(`${name.padEnd(24)}${cells.join('')}`);
  }
  console.log('');
  for (const r of results) {
    console.log(
      `${r.ideas.toLocaleString('en')} ideas: seeded in ${r.seedSeconds.toFixed(0)} s (${(r.ideas * 10).toLocaleString('en')} votes, the top idea ${r.topVotes.toLocaleString('en')}); PocketBase memory ${r.memory.toFixed(0)} MB`,
    );
  }
}
