// Finds Miniflare's entry socket inside `astro preview`'s workerd: the Worker behind Miniflare's local
// wrappers but without the preview's Node proxy, so the bench can show what each local layer adds.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The workerd processes under `pid` (Linux /proc; none elsewhere). */
function workerdUnder(pid) {
  const found = [];
  for (const child of childrenOf(pid)) {
    if (read(`/proc/${child}/comm`).trim() === 'workerd') found.push(child);
    found.push(...workerdUnder(child));
  }
  return found;
}

function childrenOf(pid) {
  return read(`/proc/${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean);
}

/** The TCP ports a process listens on. */
function listeningPorts(pid) {
  const sockets = new Set();
  let fds = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  for (const fd of fds) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) sockets.add(inode);
    } catch {}
  }
  const ports = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of read(table).split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && sockets.has(inode)) ports.push(Number.parseInt(local.split(':').at(-1), 16));
    }
  }
  return ports;
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The URL of Miniflare's entry socket under the site process, or null when it cannot be found. */
export async function workerdOrigin(sitePid) {
  for (const port of workerdUnder(sitePid).flatMap(listeningPorts)) {
    const response = await fetch(`http://127.0.0.1:${port}/robots.txt`, { signal: AbortSignal.timeout(5000) }).catch(
      () => null,
    );
    if (response?.status === 200 && (await response.text()).includes('Sitemap:')) return `http://127.0.0.1:${port}`;
  }
  return null;
}
