// `npm run bench -- write-profile [--write comment] [--at-once N] [--base REV]`: where a vote's (or a comment's)
// PocketBase CPU goes (issue 35: find the time before changing anything), for this checkout and, with --base,
// first for another revision's PocketBase and hooks. Votes and unvotes by 40 members on 10 ideas (or comments by
// 80 members on them), 8 in flight (or N: 1 shows a write alone, which shares no job's run), while Go's CPU profiler samples PocketBase
// (CHORUS_PPROF, server/cmd/pocketbase/profile.go); prints the CPU per vote and its share by part: the JavaScript
// VM running the hooks (goja), SQLite, Go's runtime (garbage collector, allocation, scheduler), PocketBase's own Go
// code, JSON and reflection, HTTP. Needs Go (`go tool pprof`). Never fails on time. CHORUS_HOOKS_POOL in
// its environment is passed on to PocketBase, to compare pool sizes.
import '../lib/require-node.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIdeas, signedInMembers, startBenchPocketBase } from '../lib/bench/bench-pocketbase.mjs';
import { revisionTree } from '../lib/bench/revision-tree.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { goCommand } from '../lib/go-toolchain.mjs';
import { inParallel } from '../lib/in-parallel.mjs';
import { freePort } from '../lib/ports.mjs';

const { values } = commandLine({
  command: 'bench write-profile',
  file: import.meta.url,
  synopsis: '[--seconds N] [--write vote|comment] [--at-once N] [--base REV]',
  options: {
    base: { type: 'string', default: '' },
    seconds: { type: 'string', default: '10' },
    write: { type: 'string', default: 'vote' },
    'at-once': { type: 'string', default: '8' },
  },
});
const SECONDS = Math.round(positiveNumber(values.seconds, '--seconds'));
const AT_ONCE = Math.round(positiveNumber(values['at-once'], '--at-once'));
if (!['vote', 'comment'].includes(values.write)) throw new Error('--write: vote or comment');
const COMMENTS = values.write === 'comment';
// A member may write 40 comments in ten minutes (pb_hooks/platform/limits.js): twice the members for comments.
const MEMBERS = COMMENTS ? 80 : 40;

/** What each function's package counts as, first match wins. */
const PARTS = [
  ['JavaScript VM (goja: the hooks)', /github\.com\/dop251\//],
  ['SQLite (modernc.org/sqlite)', /modernc\.org\//],
  ['JSON and reflection', /^(encoding\/json|reflect|github\.com\/(goccy|spf13\/cast))/],
  ['PocketBase and dbx', /github\.com\/pocketbase\//],
  ['HTTP and network', /^(net|crypto|syscall|internal\/poll|vendor\/golang\.org)/],
  ['Go runtime (GC, allocation, scheduler)', /^(runtime|internal\/runtime|sync|internal\/sync)/],
];

/** Resident memory of a process, in MB (Linux). */
const residentMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** Profiles one side: this checkout, or (`tree`) another revision's PocketBase, hooks and migrations. */
async function profileSide(label, tree) {
  const pprofPort = await freePort();
  const bench = await startBenchPocketBase({
    tree,
    env: {
      CHORUS_PPROF: `127.0.0.1:${pprofPort}`,
      ...(process.env.CHORUS_HOOKS_POOL && { CHORUS_HOOKS_POOL: process.env.CHORUS_HOOKS_POOL }),
    },
  });
  const work = mkdtempSync(join(tmpdir(), 'chorus-profile-'));
  try {
    const members = await signedInMembers(bench, MEMBERS, 'p');
    const ideas = await createIdeas(bench, 10, 'Profiled');
    // A vote and its unvote (or a comment) for each member and idea, over and over until the profile is taken.
    let writes = 0;
    const write = async ({ idea, member }) => {
      if (COMMENTS) {
        await member.pb.collection('comments').create({ post: idea.id, author: member.id, body: `Profiled ${writes}` });
        writes += 1;
        return;
      }
      const vote = await member.pb.collection('votes').create({ post: idea.id, user: member.id });
      await member.pb.collection('votes').delete(vote.id);
      writes += 2;
    };
    let profiling = true;
    const pairs = ideas.flatMap((idea) => members.map((member) => ({ idea, member })));
    const loop = async () => {
      while (profiling) {
        await inParallel(
          pairs.map(({ idea, member }) => async () => {
            if (profiling) await write({ idea, member });
          }),
          AT_ONCE,
        );
      }
    };
    const running = loop();
    await new Promise((resolve) => setTimeout(resolve, 2000)); // warm: every VM of the pool has loaded the hooks
    const before = writes;
    const response = await fetch(`http://127.0.0.1:${pprofPort}/debug/pprof/profile?seconds=${SECONDS}`);
    const profile = Buffer.from(await response.arrayBuffer());
    const profiled = writes - before;
    if (process.env.CHORUS_KEEP_PROFILE && !tree) writeFileSync(process.env.CHORUS_KEEP_PROFILE, profile);
    profiling = false;
    await running;
    const file = join(work, 'cpu.pprof');
    writeFileSync(file, profile);
    const top = execFileSync(goCommand(), ['tool', 'pprof', '-top', '-nodecount=100000', '-nodefraction=0', file], {
      encoding: 'utf8',
    });
    const total = Number(/Duration: [^,]+, Total samples = ([\d.]+)(ms|s)/.exec(top)?.[1] ?? 0);
    const unit = /Total samples = [\d.]+(ms|s)/.exec(top)?.[1] === 's' ? 1000 : 1;
    const byPart = new Map([...PARTS.map(([name]) => [name, 0]), ['other', 0]]);
    for (const line of top.split('\n')) {
      const match = /^\s*([\d.]+)(ms|s|us|µs)\s+[\d.]+%\s+[\d.]+%\s+[\d.]+(?:ms|s|us|µs)?\s+[\d.]+%\s+(.+)$/.exec(line);
      if (!match) continue;
      const ms = Number(match[1]) * { s: 1000, ms: 1, us: 0.001, µs: 0.001 }[match[2]];
      const name = match[3].trim();
      const part = PARTS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
      byPart.set(part, (byPart.get(part) ?? 0) + ms);
    }
    const totalMs = total * unit;
    console.log(
      `${label}: ${profiled} ${COMMENTS ? 'comments' : 'votes and unvotes'} (${AT_ONCE} in flight) in ${SECONDS} s: ${(profiled / SECONDS).toFixed(0)} a second, ` +
        `PocketBase CPU ${(totalMs / profiled).toFixed(2)} ms each (profiled ${Math.round(totalMs)} ms), ` +
        `memory ${residentMb(bench.pid)} MB\n`,
    );
    console.log(`${'part'.padEnd(42)}${'share'.padStart(8)}${'ms per write'.padStart(14)}`);
    for (const [part, ms] of [...byPart].sort((a, b) => b[1] - a[1])) {
      console.log(
        `${part.padEnd(42)}${`${((100 * ms) / (totalMs || 1)).toFixed(1)}%`.padStart(8)}${(ms / (profiled || 1)).toFixed(2).padStart(14)}`,
      );
    }
    console.log('\nThe heaviest functions by own time:');
    console.log(top.split('\n').slice(0, 30).join('\n'));
  } finally {
    await bench.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (values.base) {
  const tree = revisionTree(values.base);
  try {
    await profileSide(`base ${values.base}`, tree);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
await profileSide('this checkout');
