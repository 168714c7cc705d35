// `npm run bench -- write-cost`: what a vote, an unvote, a comment and a new idea cost
// PocketBase, in request time and in PocketBase's own CPU (read from /proc), with this checkout's hooks and, with
// --base, side by side with another revision's (its pb_hooks, pb_migrations and locales from git), in alternating
// rounds so both meet the same machine load. Members write one after another, each from its own client address,
// on an idea with a few dozen voters and followers (--followers N adds N more who follow it, --voters N more who
// voted for it: a popular idea, written straight into data.db by tools/lib/bench/crowd.mjs). Never fails on time.
import '../lib/require-node.mjs';
import { rmSync } from 'node:fs';
import { createIdeas, signedInMembers, startBenchPocketBase } from '../lib/bench/bench-pocketbase.mjs';
import { processCpuMs } from '../lib/bench/cpu-cost.mjs';
import { addCrowd } from '../lib/bench/crowd.mjs';
import { revisionTree } from '../lib/bench/revision-tree.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { inParallel } from '../lib/in-parallel.mjs';
import { percentile } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench write-cost',
  file: import.meta.url,
  synopsis: '[--base REV] [--rounds N] [--followers N] [--voters N]',
  options: {
    base: { type: 'string', default: '' },
    rounds: { type: 'string', default: '3' },
    followers: { type: 'string', default: '0' },
    voters: { type: 'string', default: '0' },
  },
});
const ROUNDS = Math.round(positiveNumber(values.rounds, '--rounds'));
const MEMBERS = 40;
const FOLLOWERS = Math.max(0, Math.round(Number(values.followers) || 0));
const VOTERS = Math.max(0, Math.round(Number(values.voters) || 0));

/** Times `write` for each member: its request time and the PocketBase CPU it cost, both in ms. */
async function timed(pid, members, write) {
  const times = [];
  const cpuBefore = processCpuMs(pid);
  for (const member of members) {
    const start = performance.now();
    await write(member);
    times.push(performance.now() - start);
  }
  return { times, cpu: (processCpuMs(pid) - cpuBefore) / members.length };
}

/** Every member votes for each of 10 new ideas, `width` votes in flight at once: votes a second and request times. */
async function burst(bench, members, width) {
  const ideas = await createIdeas(bench, 10, `Burst ${width}.`);
  const tasks = ideas.flatMap((idea) =>
    members.map((m) => () => m.pb.collection('votes').create({ post: idea.id, user: m.id })),
  );
  const times = [];
  const cpuBefore = processCpuMs(bench.pid);
  const start = performance.now();
  const timedTasks = tasks.map((task) => async () => {
    const began = performance.now();
    await task();
    times.push(performance.now() - began);
  });
  await inParallel(timedTasks, width);
  const seconds = (performance.now() - start) / 1000;
  return { times, perSecond: tasks.length / seconds, cpu: (processCpuMs(bench.pid) - cpuBefore) / tasks.length };
}

/** One round on a fresh PocketBase: each member votes, comments, unvotes and posts an idea; then votes in bursts. */
async function round(tree) {
  const bench = await startBenchPocketBase(tree ? { tree } : {});
  try {
    const members = (await signedInMembers(bench, MEMBERS)).map((member) => ({ ...member, vote: '' }));
    const idea = await bench.admin
      .collection('posts')
      .create({ board: bench.board.id, author: bench.author.id, title: 'The idea', body: 'x', approved: true });
    // The crowd (--followers, --voters): whom each comment notifies, and the votes each vote is counted among.
    addCrowd(bench.dataDir, idea.id, { followers: FOLLOWERS, voters: VOTERS });
    // Warm-up: the first writes load the hooks' modules.
    for (const member of members.slice(0, 5)) {
      await member.pb.collection('comments').create({ post: idea.id, author: member.id, body: 'warm' });
    }
    const vote = await timed(bench.pid, members, async (m) => {
      m.vote = (await m.pb.collection('votes').create({ post: idea.id, user: m.id })).id;
    });
    const comment = await timed(bench.pid, members, (m) =>
      m.pb.collection('comments').create({ post: idea.id, author: m.id, body: `A comment from ${m.id}` }),
    );
    const unvote = await timed(bench.pid, members, (m) => m.pb.collection('votes').delete(m.vote));
    const post = await timed(bench.pid, members, (m) =>
      m.pb
        .collection('posts')
        .create({ board: bench.board.id, author: m.id, title: `An idea from ${m.id}`, body: 'Details.' }),
    );
    const burst8 = await burst(bench, members, 8);
    const burst32 = await burst(bench, members, 32);
    return { vote, comment, unvote, post, burst8, burst32 };
  } finally {
    await bench.stop();
  }
}

const sides = [{ label: 'this checkout', tree: undefined }];
if (values.base) sides.unshift({ label: `base ${values.base}`, tree: revisionTree(values.base) });
const results = new Map(sides.map((side) => [side.label, []]));
for (let r = 0; r < ROUNDS; r += 1) {
  for (const side of sides) results.get(side.label).push(await round(side.tree));
}
for (const side of sides) if (side.tree) rmSync(side.tree, { recursive: true, force: true });

console.log(
  `Each write by ${MEMBERS} members one after another, ${ROUNDS} round(s) per side, loopback; the idea's followers: ${MEMBERS + FOLLOWERS + VOTERS + 1}, its votes before: ${VOTERS}:\n`,
);
console.log(
  `${'write'.padEnd(10)}${'side'.padEnd(26)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'PB CPU ms'.padStart(11)}`,
);
for (const kind of ['vote', 'unvote', 'comment', 'post']) {
  for (const side of sides) {
    const rounds = results.get(side.label).map((result) => result[kind]);
    const times = rounds.flatMap((result) => result.times);
    const cpu = rounds.reduce((sum, result) => sum + result.cpu, 0) / rounds.length;
    console.log(
      `${kind.padEnd(10)}${side.label.padEnd(26)}${percentile(times, 50).toFixed(1).padStart(9)}${percentile(times, 95)
        .toFixed(1)
        .padStart(9)}${cpu.toFixed(1).padStart(11)}`,
    );
  }
}

console.log(`\nVotes at once (${MEMBERS} members × 10 new ideas, N in flight):\n`);
console.log(
  `${'at once'.padEnd(10)}${'side'.padEnd(26)}${'votes/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'PB CPU ms'.padStart(11)}`,
);
for (const kind of ['burst8', 'burst32']) {
  for (const side of sides) {
    const rounds = results.get(side.label).map((result) => result[kind]);
    const times = rounds.flatMap((result) => result.times);
    const rate = rounds.reduce((sum, result) => sum + result.perSecond, 0) / rounds.length;
    const cpu = rounds.reduce((sum, result) => sum + result.cpu, 0) / rounds.length;
    console.log(
      `${kind.slice(5).padEnd(10)}${side.label.padEnd(26)}${rate.toFixed(0).padStart(9)}${percentile(times, 50)
        .toFixed(1)
        .padStart(9)}${percentile(times, 95).toFixed(1).padStart(9)}${cpu.toFixed(1).padStart(11)}`,
    );
  }
}
