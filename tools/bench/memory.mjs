// `npm run bench -- memory [--before]`: the local stack's memory (RSS of each of its processes, from /proc) at rest and
// after 10,000 page views and 1,000 votes through the local edge, each from its own address, against the budget
// (1 GB at rest, 1.3 GB after the load). `--before` measures the stack as it ran before the Worker ran alone in
// workerd (`astro preview`, Miniflare), and `--compare` both, one after the other. Never fails on the figures.
import '../lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { stackMemory } from '../lib/bench/process-memory.mjs';
import { commandLine } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { inParallel } from '../lib/in-parallel.mjs';

const { values } = commandLine({
  command: 'bench memory',
  file: import.meta.url,
  synopsis: '[--before | --compare] [--views N] [--votes N]',
  options: {
    before: { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
    views: { type: 'string', default: '10000' },
    votes: { type: 'string', default: '1000' },
  },
});
const VIEWS = Number(values.views);
const VOTES = Number(values.votes);
/** The budget for the whole stack (issue 56), in MB: at rest, and after the load. */
const BUDGET = { rest: 1024, loaded: 1.3 * 1024 };
/** Votes per member: 100 members vote on 10 ideas each (the per-member brake is 200 votes in 10 minutes). */
const IDEAS_VOTED = 10;
const SETTLE_MS = 5000;

let visitor = 0;
/** A new visitor's address, as Cloudflare names it to the Worker: 10.x.y.z. */
const nextAddress = () => {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
};

/** Starts the stack in its own process (tools/lib/bench/memory-stack.mjs) and resolves with what it printed. */
function startStackProcess(before) {
  const script = new URL('../lib/bench/memory-stack.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [script, ...(before ? ['--before'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const line = printed.split('\n').find((l) => l.startsWith('{'));
      if (line) resolvePromise({ child, ...JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`the stack exited (code ${code}) before it was up:\n${printed}`)));
  });
}

/** What the load reads and votes on: the public pages, and 100 members signed in, each from its own address. */
async function prepareLoad({ pbUrl, proxySecret, superuser }) {
  const admin = await connectAsSuperuser(pbUrl, superuser);
  const boards = await admin.collection('boards').getFullList({ filter: 'visibility = "public"' });
  const ideas = await admin
    .collection('posts')
    .getFullList({ filter: 'approved = true && board.visibility = "public"', sort: 'created' });
  const paths = [
    '/',
    '/roadmap',
    '/changelog',
    ...boards.map((b) => `/b/${b.slug}`),
    ...ideas.map((i) => `/p/${i.id}`),
  ];
  const voted = ideas.slice(0, IDEAS_VOTED);
  const members = [];
  const password = 'a-long-bench-password-123';
  for (let i = 0; i < Math.ceil(VOTES / voted.length); i++) {
    const email = `memory-voter-${i}@chorus.test`;
    await admin
      .collection('users')
      .create({ email, password, passwordConfirm: password, name: `Voter ${i}`, verified: true });
    const address = nextAddress();
    const pb = new PocketBase(pbUrl);
    await pb.collection('users').authWithPassword(email, password, { headers: forwardedAddress(proxySecret, address) });
    members.push({ cookie: pb.authStore.exportToCookie({}, 'pb_auth').split(';')[0], address });
  }
  return { admin, paths, voted, members };
}

/** 10,000 signed-out page views and 1,000 votes (plain-form posts) through the edge, at the same time. */
async function runLoad(siteUrl, { paths, voted, members }) {
  const views = Array.from({ length: VIEWS }, (_, i) => async () => {
    const response = await fetch(new URL(paths[i % paths.length], siteUrl), {
      headers: { 'cf-connecting-ip': nextAddress(), 'accept-encoding': 'gzip, br' },
    });
    await response.arrayBuffer();
    return response.status;
  });
  const votes = Array.from({ length: VOTES }, (_, i) => async () => {
    const member = members[Math.floor(i / voted.length)];
    const idea = voted[i % voted.length];
    const response = await fetch(new URL(`/p/${idea.id}/vote`, siteUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: member.cookie,
        origin: siteUrl,
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': member.address,
      },
      body: new URLSearchParams({ back: `/p/${idea.id}` }),
    });
    await response.arrayBuffer();
    return response.status === 303 && response.headers.get('location') === `/p/${idea.id}` ? 200 : response.status;
  });
  const started = performance.now();
  const [viewStatuses, voteStatuses] = await Promise.all([inParallel(views, 8), inParallel(votes, 2)]);
  const seconds = (performance.now() - started) / 1000;
  const count = (statuses) => statuses.filter((s) => s === 200).length;
  return { seconds, views: count(viewStatuses), votes: count(voteStatuses) };
}

function printTable(title, rest, loaded) {
  const mb = (value) => `${value.toFixed(0)} MB`;
  const row = (name, atRest, afterLoad) => `${name.padEnd(60)} ${atRest.padStart(14)} ${afterLoad.padStart(14)}`;
  const sum = (rows, role) => rows.filter((r) => !role || r.role === role).reduce((total, r) => total + r.rssMb, 0);
  console.log(`\n${title}`);
  console.log(row('process', 'at rest', 'after the load'));
  for (const role of new Set([...rest, ...loaded].map((r) => r.role))) {
    console.log(row(role, mb(sum(rest, role)), mb(sum(loaded, role))));
  }
  console.log(row('total', mb(sum(rest)), mb(sum(loaded))));
  const verdict = (value, budget) => `${value <= budget ? 'within' : 'OVER'} ${(budget / 1024).toFixed(1)} GB`;
  console.log(row('budget (issue 56)', verdict(sum(rest), BUDGET.rest), verdict(sum(loaded), BUDGET.loaded)));
}

/** Ctrl-C's signal to the stack's process, then its exit (it stops its own processes first). */
function stopStackProcess(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', resolvePromise);
    child.kill('SIGINT');
  });
}

async function measure(before) {
  const label = before
    ? 'before: astro preview (Miniflare) behind the local edge'
    : 'the Worker alone in workerd behind the local edge';
  const stack = await startStackProcess(before);
  try {
    const load = await prepareLoad(stack);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const rest = stackMemory(stack.child.pid);
    const done = await runLoad(stack.siteUrl, load);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const loaded = stackMemory(stack.child.pid);
    const counted = await load.admin
      .collection('votes')
      .getList(1, 1, { filter: 'user.email ~ "memory-voter-"', skipTotal: false });
    printTable(
      `${label}: ${done.views} of ${VIEWS} page views and ${done.votes} of ${VOTES} votes answered in ${done.seconds.toFixed(0)} s (${counted.totalItems} votes stored)`,
      rest,
      loaded,
    );
    return { rest, loaded };
  } finally {
    await stopStackProcess(stack.child);
  }
}

const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(`The local stack's memory (RSS from /proc; this machine, load average ${load})`);
if (values.compare || values.before) await measure(true);
if (!values.before) await measure(false);
