// Runs the built Worker alone in workerd, as Cloudflare runs what `wrangler deploy` uploads: the modules in
// dist/server, wrangler.json's compatibility date and flags, and the Worker's own bindings. This is the site of
// `npm start` and the tests' stacks (behind the local edge, tools/lib/site-server.mjs); `astro preview` would run
// the same Worker inside Miniflare's local wrappers (an entry worker, the static-assets router, an outbound
// interceptor on every fetch, a log collector) behind a Node proxy, which cost more CPU than the Worker itself
// and about twice its memory (docs: contributing/tests.md, "The Worker alone in workerd").
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import workerd from 'workerd';
import { stopProcess } from './pocketbase-server.mjs';
import { freePort } from './ports.mjs';

// The package is CommonJS marked as an ES module: Node hands its exports object over as the default.
const workerdBinary = workerd.default ?? workerd;
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** What a server printed last, kept for the error that names why it did not start (never the whole of it). */
const OUTPUT_KEPT = 64 * 1024;

/** The Worker's own environment bindings (astro.config.mjs's `env.schema`), as `wrangler secret put` sets them. */
export function workerBindings({ pbUrl, publicPbUrl, proxySecret, edgePurgeSecret, localEdgeUrl, siteUrl }) {
  return {
    PB_URL: pbUrl,
    // The site's own address: page requests on another host name are redirected to it (src/lib/site-origin.ts).
    ...(siteUrl && { SITE_URL: siteUrl }),
    PUBLIC_PB_URL: publicPbUrl ?? pbUrl,
    ...(proxySecret && { CHORUS_PROXY_SECRET: proxySecret }),
    ...(edgePurgeSecret && { EDGE_PURGE_SECRET: edgePurgeSecret }),
    ...(localEdgeUrl && { LOCAL_EDGE_CACHE_URL: localEdgeUrl }),
    // The purge queue's budget (src/edge/purge-queue.ts); unset, Cloudflare's for Workers Caching.
    ...(process.env.EDGE_PURGE_BURST && { EDGE_PURGE_BURST: process.env.EDGE_PURGE_BURST }),
    ...(process.env.EDGE_PURGE_PER_MINUTE && { EDGE_PURGE_PER_MINUTE: process.env.EDGE_PURGE_PER_MINUTE }),
  };
}

/**
 * workerd's Cap'n Proto text config for the built Worker on `port`, to be written in `configDir` (embedded
 * files are found relative to it; strings are quoted as JSON, which Cap'n Proto reads). The Durable Objects'
 * SQLite files go in `objectsDir`.
 */
export function bareWorkerConfig({ configDir, serverDir, assetsDir, objectsDir, port, bindings }) {
  const deployed = JSON.parse(readFileSync(join(serverDir, 'wrangler.json'), 'utf8'));
  const q = JSON.stringify;
  // Every module under dist/server (wrangler's ESModule rule: **/*.js, **/*.mjs), the entry first.
  const files = readdirSync(serverDir, { recursive: true }).filter((file) => /\.m?js$/.test(file));
  const modules = [deployed.main, ...files.filter((file) => file !== deployed.main)].map(
    (file) => `(name = ${q(file)}, esModule = embed ${q(relative(configDir, join(serverDir, file)))})`,
  );
  const vars = Object.entries(bindings).map(([name, value]) => `(name = ${q(name)}, text = ${q(value)})`);
  const assetsBinding = deployed.assets?.binding;
  if (assetsBinding) vars.push(`(name = ${q(assetsBinding)}, service = "assets")`);
  const assetsWorker = relative(configDir, fileURLToPath(new URL('./bare-assets-worker.mjs', import.meta.url)));
  // The Durable Objects wrangler.json declares (the live shards, the purge queue), SQLite-backed as on
  // Cloudflare (which needs their storage on disk: in memory has no SQL), in `objectsDir`.
  const objects = deployed.durable_objects?.bindings ?? [];
  for (const { name, class_name } of objects)
    vars.push(`(name = ${q(name)}, durableObjectNamespace = ${q(class_name)})`);
  const namespaces = objects.map(
    ({ class_name }) => `(className = ${q(class_name)}, uniqueKey = ${q(`chorus-${class_name}`)}, enableSql = true)`,
  );
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "worker", worker = .worker),
    (name = "assets", worker = (
      modules = [(name = "assets.mjs", esModule = embed ${q(assetsWorker)})],
      compatibilityDate = ${q(deployed.compatibility_date)},
      bindings = [(name = "FILES", service = "files")],
    )),
    (name = "files", disk = (path = ${q(assetsDir)})),
    (name = "internet", network = (allow = ["public", "private", "local"])),
    (name = "objects", disk = (path = ${q(objectsDir)}, writable = true)),
  ],
  sockets = [(name = "http", address = ${q(`127.0.0.1:${port}`)}, http = (), service = "worker")],
);
const worker :Workerd.Worker = (
  modules = [
    ${modules.join(',\n    ')}
  ],
  compatibilityDate = ${q(deployed.compatibility_date)},
  compatibilityFlags = ${q(deployed.compatibility_flags ?? [])},
  bindings = [${vars.join(', ')}],
  durableObjectNamespaces = [${namespaces.join(', ')}],
  durableObjectStorage = (localDisk = "objects"),
  globalOutbound = "internet",
);
`;
}

/**
 * Starts workerd on the built Worker at `port` with `bindings` (not waiting for it to answer): its Durable Objects
 * keep their storage in `stateDir`, a throwaway folder without one. Quiet keeps what it prints for an error;
 * otherwise it goes to this process's output. `distDir`: another build's folder (a copy of dist/ kept for a
 * before/after comparison); the checkout's dist/ without it. `{ process, output(), stop() }`.
 */
export function spawnBareWorker({ port, bindings, stateDir = undefined, quiet = true, distDir = join(root, 'dist') }) {
  const configDir = mkdtempSync(join(tmpdir(), 'chorus-workerd-'));
  const objectsDir = stateDir ?? join(configDir, 'objects');
  mkdirSync(objectsDir, { recursive: true });
  const configPath = join(configDir, 'worker.capnp');
  const serverDir = join(distDir, 'server');
  const assetsDir = join(distDir, 'client');
  writeFileSync(configPath, bareWorkerConfig({ configDir, serverDir, assetsDir, objectsDir, port, bindings }));
  const child = spawn(workerdBinary, ['serve', configPath], { stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'] });
  const output = keptOutput(child, quiet);
  const stop = async () => {
    await stopProcess(child);
    rmSync(configDir, { recursive: true, force: true });
  };
  return { process: child, output, stop };
}

/**
 * What `child` prints on stdout and stderr, its last 64 KB (a long-running server's output must not grow the
 * parent's memory without bound); stderr also goes to this process's unless `quiet`.
 */
export function keptOutput(child, quiet) {
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > OUTPUT_KEPT * 2) output = output.slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk) => {
    keep(chunk);
    if (!quiet) process.stderr.write(chunk);
  });
  return () => output.slice(-OUTPUT_KEPT);
}

/**
 * Starts the built Worker alone in workerd on a free port with the bindings `startSite` gives it (without the
 * local edge in front), and resolves once it answers: `{ url, pid, stop }`. `options.distDir`: another build's
 * folder (spawnBareWorker).
 */
export async function startBareWorker(options) {
  const port = await freePort();
  const worker = spawnBareWorker({ port, bindings: workerBindings(options), distDir: options.distDir });
  const url = `http://127.0.0.1:${port}`;
  if (!(await answers(url, worker.process))) {
    await worker.stop();
    throw new Error(`workerd did not serve the built Worker at ${url}:\n${worker.output()}`);
  }
  return { url, pid: worker.process.pid, stop: worker.stop };
}

/** Whether the site at `url` answers (its robots.txt) before `child` exits or 90 s pass. */
export async function answers(url, child) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
