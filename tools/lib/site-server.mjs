// Builds the site and serves it in workerd (`astro preview`) behind the local edge (Workers Cache and
// compression, as Cloudflare serves it), or runs `astro dev` with hot reload.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalEdge } from './local-edge/server.mjs';
import { stopProcess } from './pocketbase-server.mjs';
import { freePorts } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

const QUIET_TOOLS = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  ASTRO_DEV_BACKGROUND: '0',
  ASTRO_PREVIEW_BACKGROUND: '0',
};

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

/** Only what the preview server and the Worker need: the Worker sees these as its environment bindings. */
function siteEnv({ dev, stateDir, ...bindings }) {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'XDG_CONFIG_HOME', 'CI'];
  const env = Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
  return {
    ...env,
    ...QUIET_TOOLS,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    ...workerBindings(bindings),
    // The preview server (Node, in front of workerd) answers a request workerd dropped with a 500 that
    // prints the stack trace and local paths unless it runs in production mode.
    ...(!dev && { NODE_ENV: 'production' }),
    ...(stateDir && { CHORUS_WORKERD_STATE: stateDir }),
  };
}

export function isBuilt() {
  return existsSync(join(root, 'dist', 'server', 'entry.mjs'));
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
 * Serves the built site in workerd behind the local edge on `port` (or `astro dev` on it), and resolves
 * once it answers. `originUrl` is the Worker itself, without the edge (uncached).
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
}) {
  const [workerPort, controlPort] = dev ? [port, 0] : await freePorts(2);
  const localEdgeUrl = dev ? undefined : `http://127.0.0.1:${controlPort}/purge`;
  const args = dev
    ? [astroBin, 'dev', '--port', String(port), '--host', host]
    : [astroBin, 'preview', '--port', String(workerPort), '--host', '127.0.0.1', '--ignore-lock'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: siteEnv({ pbUrl, publicPbUrl, proxySecret, edgePurgeSecret, localEdgeUrl, siteUrl, dev, stateDir }),
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
    if (!quiet) process.stderr.write(chunk);
  });
  const originUrl = `http://127.0.0.1:${workerPort}`;
  // The local edge first: the Worker's gateway calls its emulated page cache (src/worker.ts), even to answer
  // the readiness check below.
  const assetsDir = join(root, 'dist', 'client');
  // Cloudflare's purge limit for Workers Caching (25 at once, 5 a minute) unless a test or bench sets another.
  const purgeBudget = { burst: process.env.LOCAL_EDGE_PURGE_BURST, perMinute: process.env.LOCAL_EDGE_PURGE_PER_MINUTE };
  const edge = dev
    ? null
    : await startLocalEdge({ port, host, originPort: workerPort, controlPort, assetsDir, purgeBudget }).catch(
        async (error) => {
          await stopProcess(child);
          throw error;
        },
      );
  if (!(await answers(originUrl, child))) {
    const exited = child.exitCode !== null;
    await edge?.stop();
    await stopProcess(child);
    throw new Error(
      exited
        ? `The site server exited (code ${child.exitCode}):\n${output}`
        : `The site did not answer at ${originUrl} within 90 s:\n${output}`,
    );
  }
  if (!edge) return { url: originUrl, originUrl, process: child, stop: () => stopProcess(child) };
  const stop = async () => {
    await edge.stop();
    await stopProcess(child);
  };
  return { url: edge.url, originUrl, edgeStatsUrl: edge.statsUrl, edgePurgeUrl: edge.purgeUrl, process: child, stop };
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
