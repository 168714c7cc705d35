// A write trace against the local edge with Cloudflare's purge limits: votes, comments, new ideas and status
// changes at a steady rate, and for each text write, how long a signed-out page keeps showing the old text
// (polling the page through the edge until the change shows). Reports purge calls a minute and refusals too.
import { percentile } from '../stats.mjs';

const POOL_IDEAS = 100;
const POLL_MS = 250;
const GIVE_UP_MS = 120_000;
/** Out of 10 writes: 6 votes, 2 comments, 1 new idea, 1 status change. */
const MIX = ['vote', 'vote', 'vote', 'vote', 'vote', 'vote', 'comment', 'comment', 'idea', 'status'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * @param {{ admin: import('pocketbase').default, siteUrl: string, statsUrl: string, voters: { id: string,
 *   pb: import('pocketbase').default }[], minutes: number, writesPerSecond?: number, log?: (line: string) => void }} options
 */
export async function runWriteTrace({ admin, siteUrl, statsUrl, voters, minutes, writesPerSecond = 10, log }) {
  const boards = await admin.collection('boards').getFullList({ filter: 'visibility = "public"' });
  const statuses = await admin.collection('statuses').getFullList();
  const author = await admin.collection('users').getFirstListItem('role = "member"');
  const ideas = [];
  for (let i = 0; i < POOL_IDEAS; i++) {
    const board = boards[i % boards.length];
    const post = await admin.collection('posts').create({
      board: board.id,
      author: author.id,
      title: `Trace idea ${i} ${token()}`,
      body: 'Trace.',
      approved: true,
    });
    ideas.push({ id: post.id, board, status: post.status, statusBusy: false });
  }
  const votes = new Map();
  const staleness = { comment: [], status: [], idea: [] };
  const failures = { writes: 0, gaveUp: 0, byKind: {}, sample: {} };
  const pollers = [];

  /** Polls `path` (signed out, through the edge) until it contains `marker`; records how long that took. */
  const watch = (kind, path, marker, writtenAt, done) => {
    const poll = (async () => {
      while (Date.now() - writtenAt < GIVE_UP_MS) {
        try {
          const page = await (await fetch(new URL(path, siteUrl))).text();
          if (page.includes(marker)) {
            staleness[kind].push(Date.now() - writtenAt);
            return done?.();
          }
        } catch {}
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      failures.gaveUp += 1;
      done?.();
    })();
    pollers.push(poll);
  };

  const writes = {
    async vote() {
      const voter = pick(voters);
      const idea = pick(ideas);
      const key = `${voter.id}|${idea.id}`;
      const existing = votes.get(key);
      if (existing) {
        votes.delete(key);
        await voter.pb.collection('votes').delete(existing);
      } else votes.set(key, (await voter.pb.collection('votes').create({ post: idea.id, user: voter.id })).id);
    },
    async comment() {
      const idea = pick(ideas);
      const text = `Trace comment ${token()}`;
      await admin.collection('comments').create({ post: idea.id, author: author.id, body: text });
      watch('comment', `/p/${idea.id}`, text, Date.now());
    },
    async idea() {
      const board = pick(boards);
      const title = `Trace new idea ${token()}`;
      await admin
        .collection('posts')
        .create({ board: board.id, author: author.id, title, body: 'New.', approved: true });
      watch('idea', `/b/${board.slug}?sort=new`, title, Date.now());
    },
    async status() {
      const idea = pick(ideas.filter((i) => !i.statusBusy));
      if (!idea) return;
      const next = pick(statuses.filter((s) => s.id !== idea.status));
      idea.statusBusy = true;
      await admin.collection('posts').update(idea.id, { status: next.id });
      idea.status = next.id;
      const marker = `data-status="${next.slug}" data-testid="post-status"`;
      watch('status', `/p/${idea.id}`, marker, Date.now(), () => {
        idea.statusBusy = false;
      });
    },
  };

  const before = await (await fetch(statsUrl)).json();
  const started = Date.now();
  const total = Math.round(minutes * 60 * writesPerSecond);
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / writesPerSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const kind = MIX[i % MIX.length];
    inFlight.push(
      writes[kind]().catch((error) => {
        failures.writes += 1;
        failures.byKind[kind] = (failures.byKind[kind] ?? 0) + 1;
        failures.sample[kind] ??= String(error?.status ?? '') + ' ' + String(error?.message ?? error).slice(0, 80);
      }),
    );
    if (log && i > 0 && i % (writesPerSecond * 60) === 0) log(`  … ${Math.round((Date.now() - started) / 60_000)} min`);
  }
  await Promise.all(inFlight);
  const writingSeconds = (Date.now() - started) / 1000;
  await Promise.all(pollers);
  const after = await (await fetch(statsUrl)).json();
  const texts = [...staleness.comment, ...staleness.status, ...staleness.idea];
  return {
    writes: total,
    writingSeconds,
    failedWrites: failures.writes,
    failedByKind: failures.byKind,
    failureSamples: failures.sample,
    gaveUp: failures.gaveUp,
    purgeCalls: after.calls - before.calls,
    purgeCallsPerMinute: ((after.calls - before.calls) * 60) / writingSeconds,
    refused: after.refused - before.refused,
    tagsPurged: after.tags - before.tags,
    staleness: Object.fromEntries(
      Object.entries({ ...staleness, 'any text': texts }).map(([kind, values]) => [
        kind,
        { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values, 0) },
      ]),
    ),
  };
}

/** The trace's figures as lines, with the goals (refused 0, text p95 ≤ 15 s). */
export function formatWriteTrace(result, minutes) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `Write trace: ${result.writes} writes in ${result.writingSeconds.toFixed(0)} s (${minutes} min at 10/s: 6 votes, 2 comments, 1 new idea, 1 status change in 10), Cloudflare's purge limits (25 at once, 5 a minute)`,
    `  purge calls ${result.purgeCalls} (${result.purgeCallsPerMinute.toFixed(1)} a minute), ${result.tagsPurged} tags; refused ${result.refused} (goal 0); failed writes ${result.failedWrites}`,
  ];
  for (const [kind, count] of Object.entries(result.failedByKind)) {
    lines.push(`  failed ${kind} writes: ${count} (for instance: ${result.failureSamples[kind]})`);
  }
  for (const [kind, v] of Object.entries(result.staleness)) {
    lines.push(
      `  stale signed-out page after ${kind.padEnd(8)} p50 ${s(v.p50)}  p95 ${s(v.p95)}  max ${s(v.max)}  (n=${v.n})`,
    );
  }
  lines.push(`  goal: p95 ≤ 15 s for text; pages still stale after ${GIVE_UP_MS / 1000} s: ${result.gaveUp}`);
  return lines.join('\n');
}
