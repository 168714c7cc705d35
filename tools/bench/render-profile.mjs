// `npm run bench -- render-profile [--members N] [--staff] [--copy] [--views N] [path]`: where the Worker's CPU goes on one page's uncached render, function by function.
// The built Worker's modules run in this Node process under V8's sampling profiler (workerd's inspector starts
// the profiler on its own thread and gives no samples): its `cloudflare:workers` imports point at a stand-in, the
// page is rendered `--views` times (300) after a warm-up against a real PocketBase with the bench data, and each
// function's own and inclusive time a view is printed. Node's fetch, streams and text encoding stand in for
// workerd's native ones and show up as such; Astro's, React's and Chorus's code is the Worker's own. `--members N`:
// signed in as N bench members taking turns (`--staff`: moderators); `--copy`: the member audience's copy's render
// (the cached entrypoint with the audience's props), as a cache miss renders it. Defaults to `/`; `/p/bench` names the
// idea with 50 comments. Build first (`npm run build`).
import '../lib/require-node.mjs';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerBindings } from '../lib/bare-worker.mjs';
import { withBenchStack } from '../lib/bench/bench-stack.mjs';
import { benchMembers } from '../lib/bench/data.mjs';
import { commandLine, positiveNumber, UsageError } from '../lib/cli.mjs';

const { values, positionals } = commandLine({
  command: 'bench render-profile',
  file: import.meta.url,
  synopsis: '[--members N] [--staff] [--copy] [--views N] [path]',
  positionals: true,
  options: {
    members: { type: 'string' },
    staff: { type: 'boolean', default: false },
    copy: { type: 'boolean', default: false },
    views: { type: 'string' },
  },
});
const memberCount = values.members === undefined ? 0 : positiveNumber(values.members, '--members');
const views = values.views === undefined ? 300 : positiveNumber(values.views, '--views');
if (values.staff && memberCount === 0) throw new UsageError('--staff makes the --members N signed in staff.');
if (values.copy && (memberCount === 0 || values.staff))
  throw new UsageError('--copy renders the member audience’s copy: give --members N, without --staff.');
const asked = positionals[0] ?? '/';
if (!asked.startsWith('/')) throw new UsageError(`A page is a path starting with / (got ${asked}).`);
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const serverDir = join(root, 'dist', 'server');
if (!existsSync(join(serverDir, 'wrangler.json')))
  throw new UsageError('No built Worker in dist/: `npm run build` first.');

const workerDir = mkdtempSync(join(tmpdir(), 'chorus-render-profile-worker-'));
// The profile is of rendering, not of PocketBase's refusals: one process asks far faster than a person.
const unlimited = { unlimited: true };
await withBenchStack(
  'render-profile',
  async ({ stack, admin, data }) => {
    if (data.voters.length < memberCount) throw new UsageError(`--members is at most ${data.voters.length}.`);
    const { voters, cookies } = await benchMembers(admin, data, memberCount, { staff: values.staff });
    const path = asked.replace('/p/bench', `/p/${data.postWithComments}`);
    const worker = await loadWorker(workerBindings({ pbUrl: stack.pbUrl, proxySecret: stack.proxySecret }));
    const shell = values.copy ? await shellVersionOf(voters[0].pb) : '';
    const render = renderer(worker, path, cookies, shell);
    for (let i = 0; i < 30; i++) await render(i);
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 50 });
    await session.post('Profiler.start');
    const cpu = process.cpuUsage();
    for (let i = 0; i < views; i++) await render(i);
    const used = process.cpuUsage(cpu);
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const who =
      memberCount === 0 ? 'a visitor' : values.copy ? 'the member audience’s copy' : values.staff ? 'staff' : 'members';
    const perView = (used.user + used.system) / 1000 / views;
    console.log(`${path} as ${who}, ${views} renders: ${perView.toFixed(2)} ms of CPU a view (this process)`);
    printProfile(profile, views);
  },
  unlimited,
).finally(() => rmSync(workerDir, { recursive: true, force: true }));

/** The built Worker's modules, copied with `cloudflare:workers` pointed at a stand-in holding `bindings`. */
async function loadWorker(bindings) {
  cpSync(serverDir, workerDir, { recursive: true });
  const standIn = join(workerDir, 'cloudflare-workers-stand-in.mjs');
  writeFileSync(
    standIn,
    [
      'export const env = globalThis.__chorusProfiledEnv;',
      'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }',
      'export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }',
      '',
    ].join('\n'),
  );
  for (const file of readdirSync(workerDir, { recursive: true }).filter((name) => /\.m?js$/.test(name))) {
    const at = join(workerDir, file);
    const code = readFileSync(at, 'utf8');
    if (code.includes('cloudflare:workers'))
      writeFileSync(at, code.replace(/(["'])cloudflare:workers\1/g, JSON.stringify(pathToFileURL(standIn).href)));
  }
  globalThis.__chorusProfiledEnv = { ...bindings };
  const deployed = JSON.parse(readFileSync(join(serverDir, 'wrangler.json'), 'utf8'));
  const module = await import(pathToFileURL(join(workerDir, deployed.main)).href);
  return { module, env: globalThis.__chorusProfiledEnv };
}

/** The shell version a member's check names (the copy's render reads what it keeps under it). */
async function shellVersionOf(pb) {
  const { SESSION_PATH, SHELL_VERSION_META } = await import('../../src/contract/audience.ts');
  const answer = await pb.send(SESSION_PATH, {});
  return String(answer.meta?.[SHELL_VERSION_META] ?? '');
}

/** One render of `path`: as the view's member (or a visitor), or as the member audience's copy when `shell` is set. */
function renderer({ module, env }, path, cookies, shell) {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
  const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  return async (i) => {
    const url = `http://site.test${path}`;
    const answer = shell
      ? await new module.CachedPages({ ...ctx, props: { lang: 'en', audience: 'member', shell } }, env).fetch(
          new Request(url, { headers: { 'cf-connecting-ip': address(i) } }),
        )
      : await module.default.fetch(
          new Request(url, {
            headers: {
              'cf-connecting-ip': address(i),
              ...(cookies.length > 0 && { cookie: cookies[i % cookies.length] }),
            },
          }),
          env,
          ctx,
        );
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}.`);
  };
}

/** Each function's own time and its inclusive time (with what it calls), in ms a view, the largest first. */
function printProfile(profile, count) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const sampled = new Map();
  for (const [i, id] of profile.samples.entries()) {
    sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const name = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.split('/').slice(-2).join('/') : '';
    return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
  };
  const own = new Map();
  const inclusive = new Map();
  for (const [id, micros] of sampled) {
    const node = byId.get(id);
    // Idle time, and the profiler's own stop call (the inspector's), are not the render's.
    if (node.callFrame.functionName === '(idle)' || node.callFrame.url === 'node:inspector') continue;
    own.set(name(node), (own.get(name(node)) ?? 0) + micros);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const key = name(byId.get(at));
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    }
  }
  const perView = (micros) => `${(micros / 1000 / count).toFixed(3)} ms`.padStart(10);
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('\nown time a view:');
  for (const [key, micros] of top(own, 30)) console.log(`${perView(micros)}  ${key}`);
  console.log('\ninclusive time a view:');
  for (const [key, micros] of top(inclusive, 50)) console.log(`${perView(micros)}  ${key}`);
}
