// Port helpers: find a free loopback port no other process can take before it is used, or tell clearly that a wanted one is taken.
//
// Why not `listen(0)`: the kernel hands out the same ephemeral range for listening on port 0 and for the local side of
// every outgoing connection, so a port found that way and closed again can become the source port of someone's
// connection (a PocketBase calling its SMTP, a browser opening a socket) before our server binds it: EADDRINUSE in a
// loaded test run. Ports here come from below the ephemeral range, which no outgoing connection ever uses, and each is
// leased with a file created exclusively in a shared folder, so two processes asking at once never get the same one.
// The file names its holder's pid and, on Linux, when that process started: a lease is free again once that process
// is gone (killed, or a vitest worker, which ends without Node's exit event), or its pid now belongs to a process that
// started at another time (the pid reused), and after two hours whatever its pid says.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The lowest port handed out: above the well-known and most registered services' ports. */
const LOWEST = 15_000;
/** A lease older than this is free whatever its pid says (the pid reused by another process, or never written). */
const LEASE_MS = 2 * 60 * 60 * 1000;
const LEASES = join(tmpdir(), 'chorus-port-leases');
const held = new Set();

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, host, () => server.close(() => resolvePromise(true)));
  });
}

/** The first port the kernel may use for outgoing connections (Linux reads it from /proc; elsewhere IANA's 49152).
 * @returns {number} */
export function ephemeralLow() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > LOWEST + 1000) return low;
  } catch {}
  return 49_152;
}

/** When process `pid` started, in clock ticks since boot (/proc/<pid>/stat's 22nd field), or '' where unknown. */
function startOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) is in parentheses and may hold spaces: count from after its closing one (field 3).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** What this process's lease files say: its pid and start. */
const OWN_LEASE = `${process.pid} ${startOf(process.pid)}`.trim();

/** Creates `file` holding this process's pid and start, unless it exists. */
function create(file) {
  try {
    writeFileSync(file, OWN_LEASE, { flag: 'wx' });
    return true;
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  }
}

/** Is a process with this pid alive? (EPERM: it is, someone else's.) */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** How long ago `file` was written (NaN when it is gone). */
const ageOf = (file) => Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN);

/**
 * Is the lease in `file` free to take: its holder gone (or its pid now another process's), or the lease two hours
 * old? (Gone meanwhile: free.)
 */
function isLapsed(file) {
  try {
    if (ageOf(file) >= LEASE_MS) return true;
    const [pidText = '', start = ''] = readFileSync(file, 'utf8').split(' ');
    const pid = Number(pidText);
    if (!pidText || !Number.isInteger(pid) || pid <= 0) return false; // empty: its holder is still writing it
    if (!isAlive(pid)) return true;
    const now = start && startOf(pid);
    return Boolean(now) && now !== start;
  } catch (error) {
    if (error.code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Leases `port` for this process: true, or false while another process that is alive holds it. A lapsed lease is
 * taken over by one process at a time (a second file, created exclusively, says who), so two never both take it.
 */
export function leasePort(port) {
  const file = join(LEASES, String(port));
  mkdirSync(LEASES, { recursive: true });
  if (!create(file)) {
    const takeover = `${file}.takeover`;
    if (!create(takeover)) {
      // One left by a process that died within it lapses with age only: ports are many.
      if (!(ageOf(takeover) >= LEASE_MS)) return false;
      rmSync(takeover, { force: true });
      if (!create(takeover)) return false;
    }
    try {
      if (!isLapsed(file)) return false;
      rmSync(file, { force: true });
      if (!create(file)) return false;
    } finally {
      rmSync(takeover, { force: true });
    }
  }
  held.add(file);
  return true;
}

process.once('exit', () => {
  for (const file of held) {
    try {
      if (readFileSync(file, 'utf8') === OWN_LEASE) rmSync(file, { force: true }); // still ours
    } catch {}
  }
});

/** @returns {Promise<number>} */
export async function freePort(host = '127.0.0.1') {
  const [port] = await freePorts(1, host);
  return /** @type {number} */ (port);
}

/** `count` distinct free ports, none in the ephemeral range, none handed to another process while this one lives. */
export async function freePorts(count, host = '127.0.0.1') {
  mkdirSync(LEASES, { recursive: true });
  const high = ephemeralLow() - 1;
  /** @type {any[]} numbers; typed loosely so that `const [a, b] = await freePorts(2)` gives numbers. */
  const ports = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 2000) throw new Error(`No free port found between ${LOWEST} and ${high}.`);
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST + 1));
    if (ports.includes(port) || !leasePort(port)) continue;
    if (await isPortFree(port, host)) ports.push(port);
  }
  return ports;
}

export async function assertPortFree(port, what, variable) {
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} for ${what} is already in use. Stop whatever uses it, or choose another port with ${variable}=<port>.`,
    );
  }
}
