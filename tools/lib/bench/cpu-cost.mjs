// CPU time one page view costs the servers, per request: the site (the preview server and workerd) and
// PocketBase, read from Linux's /proc. On a machine shared with other work req/s swings with the load;
// CPU per request barely does, so before/after comparisons stay meaningful there.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cookieRotation, newVisitor } from './throughput.mjs';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): state, ppid, … utime (12th), stime (13th).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** workerd, the runtime the Worker runs in (as on Cloudflare), as opposed to the Node server in front. */
function isWorkerd(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd';
  } catch {
    return false;
  }
}

/** The process and every process under it. */
function processTree(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) parents.set(entry, statOf(entry)?.[1]);
  }
  const tree = new Set([String(rootPid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

const cpuMs = (pids) =>
  pids.reduce((sum, pid) => {
    const fields = statOf(pid);
    return fields ? sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND : sum;
  }, 0);

/** CPU time (user + system, ms) a process has used so far, or NaN where /proc does not exist. */
export const processCpuMs = (pid) => (pid && existsSync('/proc/self/stat') ? cpuMs([String(pid)]) : Number.NaN);

/** CPU time (ms) used so far by the workerd processes under `sitePid` (the Worker and its Durable Objects). */
export const workerdCpuMs = (sitePid) =>
  sitePid && existsSync('/proc/self/stat') ? cpuMs(processTree(sitePid).filter(isWorkerd)) : Number.NaN;

/** Resident memory of a process in MB, or NaN where /proc does not exist. */
export function processRssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * @param {string} url
 * @param {{ sitePid: number, pocketbasePid: number, requests?: number, concurrency?: number, proxySecret?: string,
 *   cookies?: string[] }} options `cookies`: requests take turns with them (members, each their own cookie)
 * @returns {Promise<{ siteMs: number, workerMs: number, pocketbaseMs: number } | null>} null where /proc does not
 *   exist. `siteMs` is everything serving the site locally; `workerMs` the part workerd runs (the Worker
 *   itself, what Cloudflare runs), the rest being the local preview server's hop in front of it.
 */
export async function measureCpuCost(
  url,
  { sitePid, pocketbasePid, requests = 100, concurrency = 4, proxySecret, cookies = [] },
) {
  if (!existsSync('/proc/self/stat')) return null;
  const member = cookieRotation(cookies);
  const site = processTree(sitePid);
  const worker = site.filter(isWorkerd);
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers: member() })).arrayBuffer();
  const before = { site: cpuMs(site), worker: cpuMs(worker), pocketbase: cpuMs([String(pocketbasePid)]) };
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent++ < requests) {
        const response = await fetch(url, { headers: { ...newVisitor(proxySecret), ...member() } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      }
    }),
  );
  return {
    siteMs: (cpuMs(site) - before.site) / requests,
    workerMs: (cpuMs(worker) - before.worker) / requests,
    pocketbaseMs: (cpuMs([String(pocketbasePid)]) - before.pocketbase) / requests,
  };
}

export function formatCpuCost(label, cost) {
  if (!cost) return `${label.padEnd(48)} skipped (no /proc on this system)`;
  const ms = (v) => `${v.toFixed(1)} ms`.padStart(8);
  return `${label.padEnd(48)} site ${ms(cost.siteMs)} (Worker ${ms(cost.workerMs).trim()})   PocketBase ${ms(cost.pocketbaseMs)}   (CPU per request)`;
}
