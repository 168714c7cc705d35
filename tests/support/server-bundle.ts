// The server bundle as an operator runs it: built once per test file into a temp folder, unpacked into an empty
// folder with no repository beside it, and chorus-server started, stopped (SIGTERM) or killed (SIGKILL, with the
// PocketBase and Litestream it started) like a machine that dies.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerBundle } from '../../tools/lib/server-bundle/bundle.mjs';
import { serverEnv, spawnChorusServer, startChorusServer, unpackBundle } from '../../tools/lib/server-bundle/run.mjs';

/** Builds the bundle for this machine into `workDir`/out and unpacks its tarball into `workDir`/host. */
export async function unpackedBundle(workDir: string): Promise<{ dir: string; tarball: string }> {
  const { tarball } = await buildServerBundle({ outDir: join(workDir, 'out'), log: () => {} });
  const host = join(workDir, 'host');
  mkdirSync(host, { recursive: true });
  return { dir: unpackBundle(tarball, host), tarball };
}

export type RunningServer = Awaited<ReturnType<typeof spawnChorusServer>>;

/**
 * Starts `chorus-server` in `dir` and resolves once it says Chorus is up (or rejects with what it printed).
 * `launch` starts it another way (the image's root filesystem through chroot).
 */
export function startServer(
  dir: string,
  env: Record<string, string> = {},
  launch?: { command: string; args: string[] },
): Promise<RunningServer> {
  return startChorusServer(dir, { env, launch });
}

/** Runs chorus-server once to its end (a start that is refused); resolves with its exit code and output. */
export async function runServerToEnd(dir: string, env: Record<string, string> = {}) {
  const server = await spawnChorusServer(dir, { env });
  // A start that is not refused would serve on: stop it after a while and say so.
  const serving = setTimeout(() => server.process.kill('SIGTERM'), 30_000);
  const code = await server.exited;
  clearTimeout(serving);
  return { code, output: server.output() };
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
