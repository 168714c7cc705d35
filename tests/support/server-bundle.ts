// The server bundle as an operator runs it: built once per test file into a temp folder, unpacked into an empty
// folder with no repository beside it, and chorus-server started, stopped (SIGTERM) or killed (SIGKILL, with the
// PocketBase and Litestream it started) like a machine that dies.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../tools/lib/ports.mjs';
import { buildServerBundle } from '../../tools/lib/server-bundle/bundle.mjs';

/** Builds the bundle for this machine into `workDir`/out and unpacks its tarball into `workDir`/host. */
export async function unpackedBundle(workDir: string): Promise<{ dir: string; tarball: string }> {
  const { tarball } = await buildServerBundle({ outDir: join(workDir, 'out'), log: () => {} });
  const host = join(workDir, 'host');
  mkdirSync(host, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', host]);
  const name =
    tarball
      .split('/')
      .at(-1)
      ?.replace(/\.tar\.gz$/, '') ?? '';
  return { dir: join(host, name), tarball };
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once chorus-server has exited. */
  exited: Promise<number | null>;
}

/** Only what a service manager would give it: a PATH, a HOME, and the variables named. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra };
}

/**
 * Starts `chorus-server` in `dir` and resolves once it says Chorus is up (or rejects with what it printed).
 * `launch` starts it another way (the image's root filesystem through chroot).
 */
export async function startServer(
  dir: string,
  env: Record<string, string> = {},
  launch: { command: string; args: string[] } = { command: join(dir, 'chorus-server'), args: [] },
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(launch.command, launch.args, {
    env: serverEnv({ CHORUS_HTTP: `127.0.0.1:${port}`, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { url: `http://127.0.0.1:${port}`, process: child, output: () => output, exited };
  const deadline = Date.now() + 60_000;
  while (!output.includes('Chorus is up')) {
    if (child.exitCode !== null) throw new Error(`chorus-server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`chorus-server did not come up within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return server;
}

/** Runs chorus-server once to its end (a start that is refused); resolves with its exit code and output. */
export async function runServerToEnd(dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(join(dir, 'chorus-server'), [], {
    env: serverEnv({ CHORUS_HTTP: `127.0.0.1:${port}`, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // A start that is not refused would serve on: stop it after a while and say so.
  const serving = setTimeout(() => child.kill('SIGTERM'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(serving);
  return { code, output };
}

/** The processes chorus-server started (PocketBase and Litestream run in process groups of their own). */
export function childrenOf(pid: number): number[] {
  try {
    // Go starts them from any of its threads: each thread (task) lists its own children.
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** A machine that dies: chorus-server, PocketBase and Litestream all get SIGKILL at the same instant. */
export async function killLikeAPowerCut(server: RunningServer): Promise<void> {
  const pids = [server.process.pid ?? 0, ...childrenOf(server.process.pid ?? 0)];
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await server.exited;
  // A killed child is reaped by whoever adopts it; a zombie still answers kill(0), so wait a bounded time.
  const deadline = Date.now() + 5000;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** chorus-server's `pocketbase <command>` pass-through, as an operator types it. */
export function pocketbaseCommand(dir: string, args: string[], env: Record<string, string> = {}) {
  return execFileSync(join(dir, 'chorus-server'), ['pocketbase', ...args], { env: serverEnv(env), encoding: 'utf8' });
}
