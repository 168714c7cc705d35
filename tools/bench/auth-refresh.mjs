// `npm run bench -- auth-refresh [--base REV] [--refreshes N] [--rounds N] [--own VOTES]`: what a plain member's session check costs PocketBase (every signed-in page view makes one: src/edge/member-audience.ts; GET /api/chorus/session, or an auth refresh in a tree older than server/cmd/pocketbase/session.go), in request time and PocketBase's CPU (from /proc), beside the least a signed-in request costs (GET /api/health with the member's token: the floor), and with --base another revision's tree beside them; on a database of realistic size (the audience's look-ups hit indexes holding rows), the sides in alternating rounds so all meet the same machine load. `--own VOTES`: the member has voted for VOTES ideas and each check is the browser's auth refresh, asking for their own state on a page of 20 ideas (src/stores/own-state.ts), with the answer's size. Never fails on time.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SESSION_PATH } from '../../src/contract/audience.ts';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { BENCH_SUPERUSER, createMember, startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { processCpuMs } from '../lib/bench/cpu-cost.mjs';
import { writeAllThenClose } from '../lib/bench/fill-database.mjs';
import { revisionTree } from '../lib/bench/revision-tree.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { percentile } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench auth-refresh',
  file: import.meta.url,
  synopsis: '[--base REV] [--refreshes N] [--rounds N] [--own VOTES]',
  options: {
    own: { type: 'string', default: '' },
    base: { type: 'string', default: '' },
    refreshes: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '10' },
  },
});
const REFRESHES = Math.round(positiveNumber(values.refreshes, '--refreshes'));
const ROUNDS = Math.round(positiveNumber(values.rounds, '--rounds'));
const OWN_VOTES = values.own ? Math.round(positiveNumber(values.own, '--own')) : 0;
/** The ideas a page shows (a board's first page): the browser's refresh names them. */
const PAGE_IDEAS = 20;
if (OWN_VOTES > 4_000) throw new Error('--own: at most 4000 votes (the bench board holds 5000 ideas).');

/** The database every side gets (each its own copy, rows alike): what a busy board holds. */
const SIZE = { members: 20_000, ideas: 5_000, comments: 50_000, segmentMembers: 2_000, questions: 200, asked: 50 };

const rowId = () => randomBytes(8).toString('hex').slice(0, 15);

/** SIZE's rows written straight into data.db: most members plain; some ideas waiting for review, some comments hidden,
 * some members in a segment or sent a question (answered by some): each look-up's index holds rows, none the member's. */
function fill(dataDir, boardId, authorId) {
  const filled = { ideas: [] };
  const db = new DatabaseSync(join(dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const now = new Date().toISOString().replace('T', ' ');
  const members = Array.from({ length: SIZE.members }, () => rowId());
  const pick = (n) => members[(n * 7919) % members.length];
  writeAllThenClose(db, () => {
    const user = db.prepare(
      "INSERT INTO users (id, email, password, tokenKey, verified, name, role, created, updated) VALUES (?, ?, 'x', ?, 1, ?, 'member', ?, ?)",
    );
    for (const [n, id] of members.entries()) user.run(id, `${id}@crowd.test`, `token-${id}`, `Crowd ${n}`, now, now);
    const post = db.prepare(
      'INSERT INTO posts (id, board, author, title, body, approved, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const ideas = Array.from({ length: SIZE.ideas }, () => rowId());
    for (const [n, id] of ideas.entries())
      post.run(id, boardId, pick(n), `Idea ${n}`, 'x', n % 100 === 0 ? 0 : 1, now, now);
    const comment = db.prepare(
      'INSERT INTO comments (id, post, author, body, hidden, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let n = 0; n < SIZE.comments; n++) {
      comment.run(rowId(), ideas[n % ideas.length], pick(n + 1), `Comment ${n}`, n % 200 === 0 ? 1 : 0, now, now);
    }
    filled.ideas = ideas;
    const segment = rowId();
    db.prepare('INSERT INTO segments (id, name, created, updated) VALUES (?, ?, ?, ?)').run(segment, 'Gold', now, now);
    const inSegment = db.prepare(
      'INSERT INTO segment_members (id, segment, user, created, updated) VALUES (?, ?, ?, ?, ?)',
    );
    for (let n = 0; n < SIZE.segmentMembers; n++) inSegment.run(rowId(), segment, members[n], now, now);
    const question = db.prepare(
      'INSERT INTO idea_questions (id, post, author, body, sent_count, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const recipient = db.prepare(
      'INSERT INTO question_recipients (id, question, user, created, updated) VALUES (?, ?, ?, ?, ?)',
    );
    const answer = db.prepare(
      'INSERT INTO idea_answers (id, question, user, body, created, updated) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (let q = 0; q < SIZE.questions; q++) {
      const id = rowId();
      question.run(id, ideas[q], authorId, `Question ${q}?`, SIZE.asked, now, now);
      for (let r = 0; r < SIZE.asked; r++) {
        const asked = members[(q * SIZE.asked + r) % members.length];
        recipient.run(rowId(), id, asked, now, now);
        if (r % 2 === 0) answer.run(rowId(), id, asked, 'Yes', now, now);
      }
    }
  });
  return filled;
}

/** The member's votes (--own): on the first `count` ideas, written straight into data.db. */
function castVotes(dataDir, memberId, ideas, count) {
  const db = new DatabaseSync(join(dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const now = new Date().toISOString().replace('T', ' ');
  writeAllThenClose(db, () => {
    const vote = db.prepare('INSERT INTO votes (id, post, user, counted, created, updated) VALUES (?, ?, ?, 1, ?, ?)');
    for (const post of ideas.slice(0, count)) vote.run(rowId(), post, memberId, now, now);
  });
}

/** One side: its PocketBase (the tree given, else this checkout's) on a database of SIZE, and a plain member signed in.
 * `floor`: the side asks GET /api/health with the member's token instead of checking their session. */
async function startSide(label, { tree = undefined, floor = false } = {}) {
  const side = await startBenchPocketBase({ tree });
  // The per-address limit (300 requests per 10 s) would refuse the run; it costs every side alike.
  await side.admin.settings.update({ rateLimits: { enabled: false } });
  const { ideas } = fill(side.dataDir, side.board.id, side.author.id);
  const plain = await createMember(side.admin, 'plain');
  if (OWN_VOTES) castVotes(side.dataDir, plain.id, ideas, OWN_VOTES);
  const member = visitorClient(side.url, side.secret);
  await member.collection('users').authWithPassword(plain.email, BENCH_SUPERUSER.password);
  const headers = forwardedAddress(side.secret, '10.9.250.1');
  // The browser's refresh (--own) names the idea page's idea and the page's ideas, some voted for, some not.
  const page = ideas.slice(OWN_VOTES - PAGE_IDEAS / 2, OWN_VOTES + PAGE_IDEAS / 2);
  const query = OWN_VOTES ? { own: '', ownPosts: page.join(',') } : undefined;
  // The Worker's check: its session route where the tree has one, else the auth refresh it made before.
  const session = !tree || existsSync(join(tree, 'server/cmd/pocketbase/session.go'));
  const state = { bytes: 0 };
  const refresh = async () => {
    if (floor) {
      await member.send('/api/health', { headers });
      return;
    }
    const answer =
      query || !session
        ? await member.collection('users').authRefresh({ headers, ...(query && { query }) })
        : await member.send(SESSION_PATH, { headers });
    if (!query && answer.meta?.audience !== 'member')
      throw new Error(`${label}: the plain member was named no audience`);
    if (query && !answer.meta?.own) throw new Error(`${label}: the refresh brought no own state`);
    state.bytes = JSON.stringify(answer).length;
  };
  for (let i = 0; i < 50; i++) await refresh(); // warm-up: the hooks' modules load, SQLite's pages are read
  return { label, pid: side.pid, refresh, state, stop: side.stop, times: [], cpu: 0 };
}

const cleanups = [];
const sides = [];
try {
  sides.push(await startSide('floor (GET /api/health)', { floor: true }));
  if (values.base) {
    const tree = revisionTree(values.base);
    cleanups.push(() => rmSync(tree, { recursive: true, force: true }));
    sides.push(await startSide(`base ${values.base}`, { tree }));
  }
  sides.push(await startSide('this checkout'));
  const perRound = Math.ceil(REFRESHES / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const cpuBefore = processCpuMs(side.pid);
      for (let i = 0; i < perRound; i++) {
        const start = performance.now();
        await side.refresh();
        side.times.push(performance.now() - start);
      }
      side.cpu += processCpuMs(side.pid) - cpuBefore;
    }
  }
  console.log(
    `A plain member's ${OWN_VOTES ? 'browser refresh' : 'session check'}, ${perRound * ROUNDS} one after another per side in ${ROUNDS} alternating rounds, loopback; ${SIZE.members} members, ${SIZE.ideas} ideas, ${SIZE.comments} comments, ${SIZE.segmentMembers} in a segment, ${SIZE.questions * SIZE.asked} sent a question:\n`,
  );
  if (OWN_VOTES) {
    console.log(`The member has voted for ${OWN_VOTES} ideas; each refresh asks their own state on ${PAGE_IDEAS}.\n`);
  }
  const bytes = OWN_VOTES ? 'answer KB'.padStart(11) : '';
  console.log(`${'side'.padEnd(28)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'PB CPU ms'.padStart(11)}${bytes}`);
  for (const side of sides) {
    const size = OWN_VOTES ? (side.state.bytes / 1024).toFixed(1).padStart(11) : '';
    console.log(
      `${side.label.padEnd(28)}${percentile(side.times, 50).toFixed(2).padStart(9)}${percentile(side.times, 95)
        .toFixed(2)
        .padStart(9)}${(side.cpu / side.times.length).toFixed(3).padStart(11)}${size}`,
    );
  }
} finally {
  for (const side of sides) await side.stop();
  for (const cleanup of cleanups) cleanup();
}
