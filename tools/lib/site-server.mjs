// Builds the site and serves the built Worker in workerd behind the local edge (Workers Cache and compression,
// as Cloudflare serves it), or runs `astro dev` with hot reload.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers, keptOutput, spawnBareWorker, workerBindings } from './bare-worker.mjs';
import { startLocalEdge } from './local-edge/server.mjs';
import { onceAcrossProcesses } from './once-across-processes.mjs';
import { stopProcess } from './pocketbase-server.mjs';
import { freePorts } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

export const QUIET_TOOLS = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  ASTRO_DEV_BACKGROUND: '0',
  ASTRO_PREVIEW_BACKGROUND: '0',
};

/**
 * The environment of `astro dev` (and of the bench's `astro preview`, tools/lib/bench/preview-worker.mjs): only
 * what they need, and the Worker sees these as its environment bindings.
 */
export function siteEnv({ production = false, stateDir, ...bindings }) {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'XDG_CONFIG_HOME', 'CI'];
  const env = Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
  return {
    ...env,
    ...QUIET_TOOLS,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    ...workerBindings(bindings),
    // The preview server (Node, in front of workerd) answers a request workerd dropped with a 500 that
    // prints the stack trace and local paths unless it runs in production mode.
    ...(production && { NODE_ENV: 'production' }),
    ...(stateDir && { CHORUS_WORKERD_STATE: stateDir }),
  };
}

/** Whether the site is built: the Worker's entry and the deploy config the Cloudflare adapter writes beside it. */
export function isBuilt() {
  return (
    existsSync(join(root, 'dist', 'server', 'entry.mjs')) &&
    existsSync(join(root, '.wrangler', 'deploy', 'config.json'))
  );
}

/**
 * Builds the site unless it is built, once for every process that asks at the same time: test files that each
 * need the built site (a stack with `build: 'if-missing'`, the deploy test) wait on one build, instead of each
 * starting `astro build` into the same dist/ (vitest runs four files at once; builds rewriting one dist/ let
 * another file read half of one). Whether it is built is asked only while holding the lock: mid-build, dist/
 * already holds the Worker's entry and deploy config with Astro's manifest still a placeholder, which workerd
 * refuses ("Invalid URL string" in deserializeManifest).
 * @param {{ quiet?: boolean, building?: () => void }} [options] `building` is called when this process builds
 */
export function ensureSiteBuilt({ quiet = false, building = () => {} } = {}) {
  return onceAcrossProcesses(
    join(root, '.cache', 'site-build.lock'),
    isBuilt,
    () => {
      building();
      return buildSite({ quiet });
    },
    { pollMs: 250 },
  );
}

export function buildSite({ quiet = false } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build'], {
      cwd: root,
      env: { ...process.env, ...QUIET_TOOLS },
      // Quiet drops what it prints (a pipe nobody reads would stall the build once its buffer fills).
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`astro build failed (exit ${code}).`)),
    );
  });
}

/**
 * Serves the built Worker alone in workerd (tools/lib/bare-worker.mjs) behind the local edge on `port` (or
 * `astro dev` on it), and resolves once it answers. `originUrl` is the Worker itself, without the edge (uncached).
 * `stateDir`: where its Durable Objects keep their storage (.wrangler/state/workerd by default). `runWorker`: what
 * runs the Worker (the memory bench's before: tools/lib/bench/preview-worker.mjs).
 */
export async function startSite({
  port,
  host = '127.0.0.1',
  siteUrl = undefined,
  pbUrl,
  publicPbUrl,
  proxySecret = undefined,
  edgePurgeSecret,
  dev = false,
  quiet = true,
  stateDir = undefined,
  runWorker = spawnBareWorker,
}) {
  if (dev)
    return startDevSite({ port, host, siteUrl, pbUrl, publicPbUrl, proxySecret, edgePurgeSecret, quiet, stateDir });
  const [workerPort, controlPort] = await freePorts(2);
  const localEdgeUrl = `http://127.0.0.1:${controlPort}/purge`;
  const originUrl = `http://127.0.0.1:${workerPort}`;
  // The local edge first: the Worker's gateway calls its emulated page cache (src/worker.ts), even to answer
  // the readiness check below.
  const assetsDir = join(root, 'dist', 'client');
  // Cloudflare's purge limit for Workers Caching (25 at once, 5 a minute) unless a test or bench sets another.
  const purgeBudget = { burst: process.env.LOCAL_EDGE_PURGE_BURST, perMinute: process.env.LOCAL_EDGE_PURGE_PER_MINUTE };
  const siteHost = siteUrl ? new URL(siteUrl).hostname : undefined;
  const edge = await startLocalEdge({
    port,
    host,
    originPort: workerPort,
    controlPort,
    assetsDir,
    purgeBudget,
    siteHost,
  });
  const worker = runWorker({
    port: workerPort,
    bindings: workerBindings({ pbUrl, publicPbUrl, proxySecret, edgePurgeSecret, localEdgeUrl, siteUrl }),
    stateDir: stateDir ?? join(root, '.wrangler', 'state', 'workerd'),
    quiet,
  });
  const stop = async () => {
    await edge.stop();
    await worker.stop();
  };
  if (!(await answers(originUrl, worker.process))) {
    const { exitCode } = worker.process;
    await stop();
    throw new Error(
      exitCode !== null
        ? `The site server exited (code ${exitCode}):\n${worker.output()}`
        : `The site did not answer at ${originUrl} within 90 s:\n${worker.output()}`,
    );
  }
  return {
    url: edge.url,
    originUrl,
    edgeStatsUrl: edge.statsUrl,
    edgePurgeUrl: edge.purgeUrl,
    process: worker.process,
    stop,
  };
}

/** `astro dev` on `port`, with hot reload, resolved once it answers. */
async function startDevSite({ port, host, quiet, ...options }) {
  const child = spawn(process.execPath, [astroBin, 'dev', '--port', String(port), '--host', host], {
    cwd: root,
    env: siteEnv(options),
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
  });
  const output = keptOutput(child, quiet);
  const url = `http://127.0.0.1:${port}`;
  if (!(await answers(url, child))) {
    const exited = child.exitCode !== null;
    await stopProcess(child);
    throw new Error(
      exited
        ? `The site server exited (code ${child.exitCode}):\n${output()}`
        : `The site did not answer at ${url} within 90 s:\n${output()}`,
    );
  }
  return { url, originUrl: url, process: child, stop: () => stopProcess(child) };
}
